import { describe, expect, it } from 'vitest';
import { HOME } from '../route.ts';
import { readLastView, savedSelection, startingRoute, writeLastView } from './last-view.ts';

describe('the last view the app remembers', () => {
  it('reads back what it wrote: the route and the event selected in a recording', () => {
    const written = writeLastView({ route: { view: 'recording', id: 12 }, event: 40 });
    expect(readLastView(written)).toEqual({ route: { view: 'recording', id: 12 }, event: 40 });
    expect(readLastView(writeLastView({ route: { view: 'compare', a: 1, b: 2 }, event: 3 }))).toEqual({ route: { view: 'compare', a: 1, b: 2 }, event: null });
  });

  it('takes nothing it cannot trust from the storage', () => {
    for (const stored of [null, '', 'not json', '42', 'null', '{"hash":7}', '[]']) expect(readLastView(stored), String(stored)).toBeNull();
    expect(readLastView('{"hash":"#/recording/3","event":-1}')).toEqual({ route: { view: 'recording', id: 3 }, event: null });
    expect(readLastView('{"hash":"#/recording/3","event":1.5}')).toEqual({ route: { view: 'recording', id: 3 }, event: null });
    expect(readLastView('{"hash":"#/nowhere","event":2}')).toEqual({ route: HOME, event: null });
  });

  it('opens the saved view only when the address names none', () => {
    const saved = { route: { view: 'mock', recording: 4 } as const, event: null };
    expect(startingRoute('', saved)).toEqual({ view: 'mock', recording: 4 });
    expect(startingRoute('#', saved)).toEqual({ view: 'mock', recording: 4 });
    expect(startingRoute('#/recording/9', saved)).toBeNull();
    expect(startingRoute('#/', saved)).toBeNull();
    expect(startingRoute('', null)).toBeNull();
    expect(startingRoute('', { route: HOME, event: null })).toBeNull();
  });

  it('gives the saved selection back to the recording it belongs to only', () => {
    const saved = { route: { view: 'recording', id: 5 } as const, event: 17 };
    expect(savedSelection(saved, 5)).toBe(17);
    expect(savedSelection(saved, 6)).toBeNull();
    expect(savedSelection(null, 5)).toBeNull();
  });
});
