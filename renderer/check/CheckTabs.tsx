// The Check view's two tabs, Server and Client: each a route (#/check, #/check/client), so
// reload and back keep the tab; the arrow keys, Home and End move between them (./tabs.ts). Only
// the open tab's panel exists, so only its tab names a panel it controls.

import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { navigate } from '../route.ts';
import { CHECK_TABS, tabAfterKey } from './tabs.ts';
import type { CheckTab } from './tabs.ts';

const routeOf = (tab: CheckTab) => (tab === 'client' ? ({ view: 'check', client: true } as const) : ({ view: 'check' } as const));

export function CheckTabs({ current, children }: { readonly current: CheckTab; readonly children: ReactNode }) {
  const tabs = useRef(new Map<CheckTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent): void => {
    const to = tabAfterKey(current, event.key);
    if (to === null) return;
    event.preventDefault();
    navigate(routeOf(to));
    tabs.current.get(to)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="What to check" className="check-tabs" onKeyDown={onKeyDown}>
        {CHECK_TABS.map(({ tab, label }) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabs.current.set(tab, element);
              else tabs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`check-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={tab === current ? `check-panel-${tab}` : undefined}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => navigate(routeOf(tab))}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`check-panel-${current}`} aria-labelledby={`check-tab-${current}`} className="check-panel">
        {children}
      </div>
    </>
  );
}
