// What "Start" sends: the recordings chosen, a speed (and whether to keep it precisely), the
// faults and a port, as one ReplayStart, or why it cannot be sent yet.

import type { ReplayStart } from '../../shared/api/contract.ts';
import type { ReadFaults } from './fault-form.ts';

export interface SpeedChoice {
  readonly speed: number;
  readonly label: string;
}

/** The speeds offered; 0 sends every byte at once, with no waits (docs/replay.md). */
export const SPEEDS: readonly SpeedChoice[] = [
  { speed: 1, label: '1× (as recorded)' },
  { speed: 2, label: '2×' },
  { speed: 10, label: '10×' },
  { speed: 0, label: 'As fast as possible' },
];

/** A running server's speed in words. */
export function speedWords(speed: number, precise = false): string {
  if (speed === 0) return 'as fast as possible';
  return `${speed === 1 ? 'at the recorded pace' : `${speed}× the recorded pace`}${precise ? ', precise timing' : ''}`;
}

/** The port typed: empty for a free one (0), else a port number; or what the field takes. */
export function readPort(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const port = /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : NaN;
  return port <= 65_535 ? port : `Takes a port from 1 to 65535 (or nothing, for a free one), not “${trimmed}”.`;
}

export interface StartCheck {
  readonly input: ReplayStart | null;
  /** Why Start waits, in words (empty when it may go). */
  readonly waiting: readonly string[];
}

export function startInput(recordings: readonly number[], speed: number, faults: ReadFaults, portText: string, precise = false): StartCheck {
  const port = readPort(portText);
  const waiting: string[] = [];
  if (recordings.length === 0) waiting.push('Choose at least one recording to serve.');
  if (faults.faults === null) waiting.push('A fault option does not read: see the message beside it.');
  if (typeof port === 'string') waiting.push('The port does not read: see the message beside it.');
  if (waiting.length > 0 || faults.faults === null || typeof port === 'string') return { input: null, waiting };
  const input: ReplayStart = { recordings: [...recordings], speed, ...(precise && speed > 0 ? { precise } : {}), ...(Object.keys(faults.faults).length > 0 ? { faults: faults.faults } : {}), ...(port === 0 ? {} : { port }) };
  return { input, waiting };
}
