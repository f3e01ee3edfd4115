// Where the app keeps the last view (./last-view.ts): the page's local storage, written a moment
// after the last change (a replay or a held arrow key moves the selection every frame). Storage
// that is full or refused (a private window) only means nothing is remembered.

import { routeHash } from '../route.ts';
import type { Route } from '../route.ts';
import { LAST_VIEW_KEY, readLastView, savedSelection, startingRoute, writeLastView } from './last-view.ts';
import type { LastView } from './last-view.ts';

const WRITE_AFTER_MS = 300;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** What was saved when the page opened (read once, before this page writes anything). */
const savedAtStart: LastView | null = readLastView(storage()?.getItem(LAST_VIEW_KEY) ?? null);

let current: LastView = savedAtStart ?? { route: { view: 'home' }, event: null };
let timer: ReturnType<typeof setTimeout> | undefined;

function save(next: LastView): void {
  current = next;
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      storage()?.setItem(LAST_VIEW_KEY, writeLastView(current));
    } catch {
      // Full or refused: nothing is remembered, nothing else changes.
    }
  }, WRITE_AFTER_MS);
}

/** Opens the saved view when the address names none; call once, before the app first renders. */
export function restoreLastView(): void {
  const route = startingRoute(window.location.hash, savedAtStart);
  if (route) window.history.replaceState(null, '', routeHash(route));
}

export function rememberRoute(route: Route): void {
  if (routeHash(route) === routeHash(current.route)) return;
  save({ route, event: null });
}

export function rememberSelection(recording: number, event: number | null): void {
  if (current.route.view !== 'recording' || current.route.id !== recording) return;
  save({ route: current.route, event });
}

/** The event last selected in recording `id`, if the app was last showing it. */
export function lastSelection(id: number): number | null {
  return savedSelection(current, id);
}
