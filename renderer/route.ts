// Where the page is, in the address's fragment (`#/recording/12`), so that reload, back and
// forward work and a view can be linked to. The token also arrives in the fragment
// (`#token=…`); token.ts takes it out before anything reads the route.

import { useEffect, useState } from 'react';

export type Route =
  | { readonly view: 'home' }
  | { readonly view: 'recording'; readonly id: number }
  /** The new-request editor, empty or filled from a stored recording's request ("edit and resend"). */
  | { readonly view: 'new'; readonly from?: number }
  | { readonly view: 'compare'; readonly a: number; readonly b: number }
  /** The mock endpoints (replay servers), with a recording to serve preselected. */
  | { readonly view: 'mock'; readonly recording?: number }
  /** The capture proxies: the user's own app pointed at a loopback proxy that records its streams. */
  | { readonly view: 'capture' };

export type View = Route['view'];

export const HOME: Route = { view: 'home' };

const ID = '([1-9]\\d{0,15})';
const PATTERNS: readonly [RegExp, (ids: readonly number[]) => Route][] = [
  [new RegExp(`^#/recording/${ID}$`), ([id]) => ({ view: 'recording', id: id! })],
  [/^#\/new$/, () => ({ view: 'new' })],
  [new RegExp(`^#/new/from/${ID}$`), ([from]) => ({ view: 'new', from: from! })],
  [new RegExp(`^#/compare/${ID}/${ID}$`), ([a, b]) => ({ view: 'compare', a: a!, b: b! })],
  [/^#\/mock$/, () => ({ view: 'mock' })],
  [new RegExp(`^#/mock/${ID}$`), ([recording]) => ({ view: 'mock', recording: recording! })],
  [/^#\/capture$/, () => ({ view: 'capture' })],
];

export function parseRoute(hash: string): Route {
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(hash);
    if (match) return route(match.slice(1).map(Number));
  }
  return HOME;
}

export function routeHash(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'recording':
      return `#/recording/${route.id}`;
    case 'new':
      return route.from === undefined ? '#/new' : `#/new/from/${route.from}`;
    case 'compare':
      return `#/compare/${route.a}/${route.b}`;
    case 'mock':
      return route.recording === undefined ? '#/mock' : `#/mock/${route.recording}`;
    case 'capture':
      return '#/capture';
  }
}

export function navigate(route: Route): void {
  window.location.hash = routeHash(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
