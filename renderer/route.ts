// Where the page is, in the address's fragment (`#/recording/12`), so that reload, back and
// forward work and a view can be linked to. The token also arrives in the fragment
// (`#token=…`); token.ts takes it out before anything reads the route.

import { useEffect, useState } from 'react';

export type Route = { readonly view: 'home' } | { readonly view: 'recording'; readonly id: number };

export const HOME: Route = { view: 'home' };

export function parseRoute(hash: string): Route {
  const recording = /^#\/recording\/([1-9]\d{0,15})$/.exec(hash);
  if (recording) return { view: 'recording', id: Number(recording[1]) };
  return HOME;
}

export function routeHash(route: Route): string {
  return route.view === 'recording' ? `#/recording/${route.id}` : '#/';
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
