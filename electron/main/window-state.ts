// The window opens where it was closed, at the size it had, unless that place is no longer on a
// screen (a monitor was unplugged, the resolution changed): then it is moved and shrunk onto the
// display it overlaps most, or centred on the primary one. Saved as JSON in the user-data folder.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileWhole } from './write-file.ts';

export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  /** The bounds when neither maximized nor full screen (Electron's getNormalBounds). */
  readonly bounds: Rectangle;
  readonly maximized: boolean;
  readonly fullScreen: boolean;
}

/** Where and how to open the window; no x and y means "centred on the primary display". */
export interface Placement {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
  readonly fullScreen: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 640, height: 400 } as const;
/** How much of the window must overlap a display for it to count as on that display. */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

const integer = z.number().int().min(-1_000_000).max(1_000_000);
const stateSchema = z.object({
  bounds: z.object({ x: integer, y: integer, width: integer.positive(), height: integer.positive() }),
  maximized: z.boolean(),
  fullScreen: z.boolean(),
});

/** The state in a saved file's text, or null for anything else (a damaged file only loses the position). */
export function parseWindowState(text: string): WindowState | null {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Where to open the window, given the saved state and the displays' work areas (the screen minus
 * task bars and docks). `workAreas[0]` is the primary display's.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rectangle[]): Placement {
  const primary = workAreas[0];
  const flags = { maximized: saved?.maximized ?? false, fullScreen: saved?.fullScreen ?? false };
  const wanted = saved?.bounds ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  const area = saved ? mostOverlapped(saved.bounds, workAreas) : undefined;
  if (!area) {
    if (!primary) return { width: wanted.width, height: wanted.height, ...flags };
    return { ...fitSize(wanted, primary), ...flags };
  }
  const size = fitSize(wanted, area);
  return {
    x: clamp(wanted.x, area.x, area.x + area.width - size.width),
    y: clamp(wanted.y, area.y, area.y + area.height - size.height),
    ...size,
    ...flags,
  };
}

/** The work area the window overlaps most, if it overlaps one by at least MIN_VISIBLE. */
function mostOverlapped(bounds: Rectangle, workAreas: readonly Rectangle[]): Rectangle | undefined {
  let best: Rectangle | undefined;
  let bestArea = 0;
  for (const area of workAreas) {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    if (width < MIN_VISIBLE.width || height < MIN_VISIBLE.height) continue;
    if (width * height > bestArea) {
      best = area;
      bestArea = width * height;
    }
  }
  return best;
}

/** The size, no larger than the area, and no smaller than MIN_SIZE unless the area itself is. */
function fitSize(size: { readonly width: number; readonly height: number }, area: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(Math.max(size.width, MIN_SIZE.width), area.width),
    height: Math.min(Math.max(size.height, MIN_SIZE.height), area.height),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

export function readWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  writeFileWhole(file, `${JSON.stringify(state)}\n`);
}
