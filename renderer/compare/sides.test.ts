import { describe, expect, test } from 'vitest';
import { routeHash } from '../route.ts';
import { compareRoute } from './sides.ts';

describe('A pick of recordings to compare', () => {
  test('of exactly two puts the older (lower id) on side A, whichever was picked first', () => {
    expect(compareRoute([42, 7])).toEqual({ view: 'compare', a: 7, b: 42 });
    expect(compareRoute(new Set([7, 42]))).toEqual({ view: 'compare', a: 7, b: 42 });
    expect(routeHash(compareRoute([42, 7])!)).toBe('#/compare/7/42');
  });

  test('of one, three or the same recording twice compares nothing', () => {
    expect(compareRoute([7])).toBeNull();
    expect(compareRoute([7, 8, 9])).toBeNull();
    expect(compareRoute([7, 7])).toBeNull();
    expect(compareRoute([])).toBeNull();
  });
});
