import { describe, expect, it } from 'vitest';
import { HOME, parseRoute, routeHash } from './route.ts';

describe('the route in the address’s fragment', () => {
  it('names a recording by its id and goes home for anything else', () => {
    expect(parseRoute('#/recording/12')).toEqual({ view: 'recording', id: 12 });
    for (const hash of ['', '#', '#/', '#/recording/', '#/recording/0', '#/recording/12x', '#/recording/-1', '#token=abc', '#/recording/1.5']) {
      expect(parseRoute(hash), hash).toEqual(HOME);
    }
  });

  it('writes back what it reads', () => {
    for (const route of [HOME, { view: 'recording', id: 7 } as const]) expect(parseRoute(routeHash(route))).toEqual(route);
  });
});
