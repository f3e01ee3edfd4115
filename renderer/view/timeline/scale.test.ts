import { describe, expect, it } from 'vitest';
import { atOf, clampView, fitView, isFit, panBy, revealIn, ticksOf, xOf, zoomAt } from './scale.ts';

const domain = { end: 2000, minSpan: 0.05 };

describe('the timeline scale', () => {
  it('fits the whole domain, and no less than the smallest span', () => {
    expect(fitView(domain)).toEqual({ start: 0, end: 2000 });
    expect(fitView({ end: 0, minSpan: 4 })).toEqual({ start: 0, end: 4 });
  });

  it('keeps the point zoomed around where it was on screen', () => {
    const view = { start: 500, end: 1500 };
    for (const anchor of [550, 1000, 1200.7]) {
      for (const factor of [2, 1.25, 0.8]) {
        const zoomed = zoomAt(view, domain, factor, anchor);
        expect(zoomed.end - zoomed.start).toBeCloseTo(1000 / factor, 9);
        expect(xOf(zoomed, 800, anchor)).toBeCloseTo(xOf(view, 800, anchor), 9);
      }
    }
  });

  it('lets the domain’s edge win over the anchor when zooming out near it', () => {
    expect(zoomAt({ start: 0, end: 1000 }, domain, 0.5, 100)).toEqual({ start: 0, end: 2000 });
  });

  it('zooms in no further than the smallest span and out no further than the domain', () => {
    let view = fitView(domain);
    for (let i = 0; i < 100; i++) view = zoomAt(view, domain, 2, 1234);
    expect(view.end - view.start).toBeCloseTo(0.05, 12);
    expect(view.start).toBeLessThanOrEqual(1234);
    expect(view.end).toBeGreaterThanOrEqual(1234);
    for (let i = 0; i < 100; i++) view = zoomAt(view, domain, 0.5, 1234);
    expect(view).toEqual({ start: 0, end: 2000 });
    expect(isFit(view, domain)).toBe(true);
  });

  it('pans by axis units and stops at either end of the domain', () => {
    const view = { start: 500, end: 700 };
    expect(panBy(view, domain, 100)).toEqual({ start: 600, end: 800 });
    expect(panBy(view, domain, -10_000)).toEqual({ start: 0, end: 200 });
    expect(panBy(view, domain, 10_000)).toEqual({ start: 1800, end: 2000 });
    expect(isFit(panBy(view, domain, 10_000), domain)).toBe(false);
  });

  it('clamps a view that grew past the domain back inside it', () => {
    expect(clampView({ start: -50, end: 3000 }, domain)).toEqual({ start: 0, end: 2000 });
    expect(clampView({ start: 1990, end: 1990 }, domain)).toEqual({ start: 1990, end: 1990.05 });
  });

  it('reveals a point outside the view with the least move, leaving a margin', () => {
    const view = { start: 500, end: 700 };
    expect(revealIn(view, domain, 600)).toBe(view);
    expect(revealIn(view, domain, 900)).toEqual({ start: 720, end: 920 });
    expect(revealIn(view, domain, 100)).toEqual({ start: 80, end: 280 });
  });

  it('turns pixels into axis values and back', () => {
    const view = { start: 250, end: 750 };
    expect(xOf(view, 1000, 500)).toBe(500);
    expect(atOf(view, 1000, 500)).toBe(500);
    expect(atOf(view, 1000, xOf(view, 1000, 333.25))).toBeCloseTo(333.25, 9);
  });

  it('labels time ticks with as many decimals as their step needs', () => {
    expect(ticksOf({ start: 0, end: 2000 }, 450, true).map((tick) => tick.label)).toEqual(['0 ms', '500 ms', '1,000 ms', '1,500 ms', '2,000 ms']);
    expect(ticksOf({ start: 0, end: 10_000 }, 450, true).map((tick) => tick.label)).toEqual(['0 s', '2 s', '4 s', '6 s', '8 s', '10 s']);
    expect(ticksOf({ start: 12.3, end: 12.4 }, 450, true).map((tick) => tick.label)).toEqual(['12.30 ms', '12.32 ms', '12.34 ms', '12.36 ms', '12.38 ms', '12.40 ms']);
  });

  it('puts untimed ticks on whole events, at the middle of their slots', () => {
    const ticks = ticksOf({ start: 0, end: 10 }, 450, false);
    expect(ticks.map((tick) => tick.label)).toEqual(['#0', '#2', '#4', '#6', '#8']);
    expect(ticks.map((tick) => tick.at)).toEqual([0.5, 2.5, 4.5, 6.5, 8.5]);
    expect(ticksOf({ start: 0, end: 100_204 }, 900, false).map((tick) => tick.label).slice(0, 3)).toEqual(['#0', '#20,000', '#40,000']);
  });
});
