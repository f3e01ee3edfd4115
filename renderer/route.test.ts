import { describe, expect, it } from 'vitest';
import { HOME, parseRoute, routeHash } from './route.ts';
import type { Route } from './route.ts';

describe('the route in the address’s fragment', () => {
  it('names each view and the recordings it is about', () => {
    expect(parseRoute('#/recording/12')).toEqual({ view: 'recording', id: 12 });
    expect(parseRoute('#/new')).toEqual({ view: 'new' });
    expect(parseRoute('#/new/from/3')).toEqual({ view: 'new', from: 3 });
    expect(parseRoute('#/compare/4/9')).toEqual({ view: 'compare', a: 4, b: 9 });
    expect(parseRoute('#/mock')).toEqual({ view: 'mock' });
    expect(parseRoute('#/mock/5')).toEqual({ view: 'mock', recording: 5 });
    expect(parseRoute('#/capture')).toEqual({ view: 'capture' });
    expect(parseRoute('#/check')).toEqual({ view: 'check' });
    expect(parseRoute('#/check/run/3')).toEqual({ view: 'check', run: 3 });
    expect(parseRoute('#/check/compare/2/5')).toEqual({ view: 'check', compare: [2, 5] });
  });

  it('opens the Check view’s Client tab and its runs', () => {
    expect(parseRoute('#/check/client')).toEqual({ view: 'check', client: true });
    expect(parseRoute('#/check/client/run/4')).toEqual({ view: 'check', run: 4, client: true });
    expect(routeHash({ view: 'check', client: true })).toBe('#/check/client');
    expect(routeHash({ view: 'check', run: 4, client: true })).toBe('#/check/client/run/4');
  });

  it('opens a recording with a finding selected, by its code', () => {
    expect(parseRoute('#/recording/12/finding/buffered-delivery')).toEqual({ view: 'recording', id: 12, finding: 'buffered-delivery' });
    expect(parseRoute('#/recording/12/finding/role-not-first')).toEqual({ view: 'recording', id: 12, finding: 'role-not-first' });
  });

  it('goes home for anything it does not know', () => {
    const unknown = ['', '#', '#/', '#/recording/', '#/recording/0', '#/recording/12x', '#/recording/-1', '#token=abc', '#/recording/1.5', '#/new/from/', '#/compare/4', '#/compare/4/0', '#/mock/x', '#/new/', '#/capture/', '#/capture/1', '#/check/', '#/check/run', '#/check/run/0', '#/check/compare/2', '#/check/compare/2/x', '#/check/client/', '#/check/client/run', '#/check/client/run/0', '#/check/client/compare/1/2', '#/recording/12/finding/', '#/recording/12/finding/Bad Code', '#/recording/0/finding/x'];
    for (const hash of unknown) expect(parseRoute(hash), hash).toEqual(HOME);
  });

  it('writes back what it reads', () => {
    const routes: Route[] = [HOME, { view: 'recording', id: 7 }, { view: 'new' }, { view: 'new', from: 2 }, { view: 'compare', a: 1, b: 2 }, { view: 'mock' }, { view: 'mock', recording: 8 }, { view: 'capture' }, { view: 'recording', id: 4, finding: 'invalid-json' }, { view: 'check' }, { view: 'check', run: 6 }, { view: 'check', compare: [6, 9] }, { view: 'check', client: true }, { view: 'check', run: 3, client: true }];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
  });
});
