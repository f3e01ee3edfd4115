// The bar across the top of every view: where the user is, and the views one click (or one
// shortcut, ./commands.ts) away.

import { routeHash } from '../route.ts';
import type { Route, View } from '../route.ts';
import './shell.css';

export interface AppBarEntry {
  readonly view: View;
  readonly label: string;
  readonly route: Route;
}

export function AppBar({ current, entries }: { readonly current: View; readonly entries: readonly AppBarEntry[] }) {
  return (
    <header className="app-bar">
      <a className="app-name" href="#/">
        Streamscope
      </a>
      <nav aria-label="Views">
        <ul>
          {entries.map((entry) => (
            <li key={entry.view}>
              <a href={routeHash(entry.route)} aria-current={entry.view === current ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
