// The two sides of a comparison: A (the reference, above and on the left) and B, and which
// recordings a pick of two becomes.

import type { Route } from '../route.ts';

export type SideName = 'A' | 'B';

/**
 * The comparison of exactly two picked recordings, the older (lower id: ids grow as recordings
 * are made) as A, the reference the newer is read against; null for any other count.
 */
export function compareRoute(ids: Iterable<number>): Extract<Route, { view: 'compare' }> | null {
  const picked = [...new Set(ids)];
  if (picked.length !== 2) return null;
  const [a, b] = picked.sort((x, y) => x - y) as [number, number];
  return { view: 'compare', a, b };
}
