// "Serve as mock endpoint": the recording view's way into the mock endpoints view, with the
// recording chosen.

import { routeHash } from '../route.ts';

export function ServeLink({ id }: { readonly id: number }) {
  return (
    <a className="secondary" href={routeHash({ view: 'mock', recording: id })}>
      Serve as mock endpoint
    </a>
  );
}
