// The app remembers where the user was (issue 7: "the app remembers the last view and
// selection"): the view's route and the event selected in a recording, kept in the page's
// storage and given back when the app opens with no view named in its address. An address that
// names a view (a link, a reload) always wins.

import { HOME, parseRoute, routeHash } from '../route.ts';
import type { Route } from '../route.ts';

export const LAST_VIEW_KEY = 'streamscope.last-view';

export interface LastView {
  readonly route: Route;
  /** The event selected in the recording the route shows, if it shows one. */
  readonly event: number | null;
}

/** What the storage holds, read defensively: it may be from another version, or edited by hand. */
export function readLastView(stored: string | null): LastView | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { hash, event } = value as { hash?: unknown; event?: unknown };
  if (typeof hash !== 'string') return null;
  const route = parseRoute(hash);
  const selected = typeof event === 'number' && Number.isSafeInteger(event) && event >= 0 && route.view === 'recording' ? event : null;
  return { route, event: selected };
}

export function writeLastView(view: LastView): string {
  return JSON.stringify({ hash: routeHash(view.route), event: view.route.view === 'recording' ? view.event : null });
}

/** The route to open on start: the saved one when the address names none. */
export function startingRoute(addressHash: string, saved: LastView | null): Route | null {
  const named = addressHash !== '' && addressHash !== '#';
  if (named || saved === null || saved.route.view === HOME.view) return null;
  return saved.route;
}

/** The event to select first in recording `id`: the saved one, if it was this recording's. */
export function savedSelection(saved: LastView | null, id: number): number | null {
  return saved !== null && saved.route.view === 'recording' && saved.route.id === id ? saved.event : null;
}
