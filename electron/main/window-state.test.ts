import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WindowState } from './window-state.ts';
import { parseWindowState, placeWindow, readWindowState, writeWindowState } from './window-state.ts';

// A laptop screen with a menu bar, and an external monitor to its right.
const laptop = { x: 0, y: 25, width: 1440, height: 875 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1400 };
const state = (x: number, y: number, width: number, height: number, flags: Partial<WindowState> = {}): WindowState => ({
  bounds: { x, y, width, height },
  maximized: false,
  fullScreen: false,
  ...flags,
});

describe('placeWindow', () => {
  it('opens a first window at the default size, centred on the primary display', () => {
    expect(placeWindow(null, [laptop, monitor])).toEqual({ width: 1200, height: 800, maximized: false, fullScreen: false });
  });

  it('shrinks the default size to fit a small primary display', () => {
    expect(placeWindow(null, [{ x: 0, y: 0, width: 1024, height: 600 }])).toEqual({ width: 1024, height: 600, maximized: false, fullScreen: false });
  });

  it('restores a window that is fully on a display exactly, with its maximized and full-screen flags', () => {
    expect(placeWindow(state(1600, 100, 1800, 1100, { maximized: true }), [laptop, monitor])).toEqual({
      x: 1600,
      y: 100,
      width: 1800,
      height: 1100,
      maximized: true,
      fullScreen: false,
    });
    expect(placeWindow(state(10, 40, 800, 600, { fullScreen: true }), [laptop, monitor])).toMatchObject({ x: 10, y: 40, fullScreen: true });
  });

  it('pulls a window that hangs over an edge back inside the display it overlaps most', () => {
    // Mostly on the monitor, its right part beyond the monitor's right edge.
    expect(placeWindow(state(3000, 200, 1400, 900), [laptop, monitor])).toEqual({ x: 2600, y: 200, width: 1400, height: 900, maximized: false, fullScreen: false });
    // Above the laptop's menu bar.
    expect(placeWindow(state(100, -50, 800, 600), [laptop, monitor])).toMatchObject({ x: 100, y: 25 });
  });

  it('shrinks a window larger than its display to the work area', () => {
    expect(placeWindow(state(-100, 0, 3000, 2000), [laptop])).toEqual({ x: 0, y: 25, width: 1440, height: 875, maximized: false, fullScreen: false });
  });

  it('centres a window whose display is gone on the primary display, keeping its size when it fits', () => {
    // It was on the monitor, which is unplugged.
    expect(placeWindow(state(2000, 300, 1300, 700), [laptop])).toEqual({ width: 1300, height: 700, maximized: false, fullScreen: false });
    expect(placeWindow(state(2000, 300, 2400, 1300), [laptop])).toEqual({ width: 1440, height: 875, maximized: false, fullScreen: false });
  });

  it('treats a window showing only a sliver on a display as off screen', () => {
    // 100 px of its left edge on the laptop: too little to grab.
    expect(placeWindow(state(-700, 100, 800, 600), [laptop])).toEqual({ width: 800, height: 600, maximized: false, fullScreen: false });
  });

  it('keeps a restored window at least 640 × 400', () => {
    expect(placeWindow(state(100, 100, 200, 100), [laptop])).toMatchObject({ x: 100, y: 100, width: 640, height: 400 });
  });

  it('opens at the saved size when no display is known', () => {
    expect(placeWindow(state(0, 0, 900, 700), [])).toEqual({ width: 900, height: 700, maximized: false, fullScreen: false });
  });
});

describe('the saved window state', () => {
  it('is written whole and read back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'streamscope-window-')), 'user-data', 'window-state.json');
    const saved = state(1600, 100, 1800, 1100, { maximized: true });
    writeWindowState(file, saved);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(saved);
    expect(readWindowState(file)).toEqual(saved);
  });

  it('is null when missing or damaged, so the window opens at the default place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-window-'));
    expect(readWindowState(join(dir, 'missing.json'))).toBeNull();
    writeFileSync(join(dir, 'cut.json'), '{"bounds":{"x":1');
    expect(readWindowState(join(dir, 'cut.json'))).toBeNull();
    expect(parseWindowState('null')).toBeNull();
    expect(parseWindowState('{"bounds":{"x":0,"y":0,"width":0,"height":600},"maximized":false,"fullScreen":false}')).toBeNull();
    expect(parseWindowState('{"bounds":{"x":0.5,"y":0,"width":800,"height":600},"maximized":false,"fullScreen":false}')).toBeNull();
    expect(parseWindowState('{"bounds":{"x":0,"y":0,"width":800,"height":600},"maximized":"yes","fullScreen":false}')).toBeNull();
    expect(parseWindowState('{"bounds":{"x":0,"y":0,"width":800,"height":600},"maximized":false,"fullScreen":false}')).toEqual(state(0, 0, 800, 600));
  });
});
