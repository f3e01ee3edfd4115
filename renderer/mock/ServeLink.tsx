// "Serve as mock endpoint": the recording view's way into the mock endpoints view, with the
// recording chosen.

import { navigate, routeHash } from '../route.ts';
import { useCommand } from '../shell/commands.ts';

export function ServeLink({ id }: { readonly id: number }) {
  useCommand('serve-mock', () => navigate({ view: 'mock', recording: id }));
  return (
    <a className="secondary" href={routeHash({ view: 'mock', recording: id })} aria-keyshortcuts="s">
      Serve as mock endpoint
    </a>
  );
}
