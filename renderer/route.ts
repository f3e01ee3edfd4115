// Where the page is, in the address's fragment (`#/recording/12`), so that reload, back and
// forward work and a view can be linked to. The token also arrives in the fragment
// (`#token=…`); token.ts takes it out before anything reads the route.

import { useEffect, useState } from 'react';

export type Route =
  | { readonly view: 'home' }
  /** `finding`: a diagnostic's code to select on opening (a conformance check's cell links so). */
  | { readonly view: 'recording'; readonly id: number; readonly finding?: string }
  /** The new-request editor, empty or filled from a stored recording's request ("edit and resend"). */
  | { readonly view: 'new'; readonly from?: number }
  | { readonly view: 'compare'; readonly a: number; readonly b: number }
  /** The mock endpoints (replay servers), with a recording to serve preselected. */
  | { readonly view: 'mock'; readonly recording?: number }
  /** The capture proxies: the user's own app pointed at a loopback proxy that records its streams. */
  | { readonly view: 'capture' }
  /**
   * Conformance (docs/conformance.md): the form and past runs, one run, or two runs side by side.
   * `client`: the Client tab (docs/client-conformance.md), its form or one of its runs; a client
   * run's id is its own, not a server run's.
   */
  | { readonly view: 'check'; readonly run?: number; readonly client?: true }
  | { readonly view: 'check'; readonly compare: readonly [before: number, after: number] };

export type View = Route['view'];

export const HOME: Route = { view: 'home' };

const ID = '([1-9]\\d{0,15})';
// A finding's code as the catalogues write them: `buffered-delivery`, `role-not-first`.
const CODE = '([a-z0-9][a-z0-9.-]{0,99})';
const PATTERNS: readonly [RegExp, (ids: readonly number[], words: readonly string[]) => Route][] = [
  [new RegExp(`^#/recording/${ID}$`), ([id]) => ({ view: 'recording', id: id! })],
  [new RegExp(`^#/recording/${ID}/finding/${CODE}$`), ([id], [, finding]) => ({ view: 'recording', id: id!, finding: finding! })],
  [/^#\/new$/, () => ({ view: 'new' })],
  [new RegExp(`^#/new/from/${ID}$`), ([from]) => ({ view: 'new', from: from! })],
  [new RegExp(`^#/compare/${ID}/${ID}$`), ([a, b]) => ({ view: 'compare', a: a!, b: b! })],
  [/^#\/mock$/, () => ({ view: 'mock' })],
  [new RegExp(`^#/mock/${ID}$`), ([recording]) => ({ view: 'mock', recording: recording! })],
  [/^#\/capture$/, () => ({ view: 'capture' })],
  [/^#\/check$/, () => ({ view: 'check' })],
  [new RegExp(`^#/check/run/${ID}$`), ([run]) => ({ view: 'check', run: run! })],
  [/^#\/check\/client$/, () => ({ view: 'check', client: true })],
  [new RegExp(`^#/check/client/run/${ID}$`), ([run]) => ({ view: 'check', run: run!, client: true })],
  [new RegExp(`^#/check/compare/${ID}/${ID}$`), ([before, after]) => ({ view: 'check', compare: [before!, after!] })],
];

export function parseRoute(hash: string): Route {
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(hash);
    if (match) return route(match.slice(1).map(Number), match.slice(1));
  }
  return HOME;
}

export function routeHash(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'recording':
      return route.finding === undefined ? `#/recording/${route.id}` : `#/recording/${route.id}/finding/${route.finding}`;
    case 'new':
      return route.from === undefined ? '#/new' : `#/new/from/${route.from}`;
    case 'compare':
      return `#/compare/${route.a}/${route.b}`;
    case 'mock':
      return route.recording === undefined ? '#/mock' : `#/mock/${route.recording}`;
    case 'capture':
      return '#/capture';
    case 'check':
      if ('compare' in route) return `#/check/compare/${route.compare[0]}/${route.compare[1]}`;
      if (route.client) return route.run === undefined ? '#/check/client' : `#/check/client/run/${route.run}`;
      return route.run === undefined ? '#/check' : `#/check/run/${route.run}`;
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
