// The Check view's tabs and the keys that move between them (the WAI-ARIA tabs pattern, activated
// on focus: each tab is a route, so the arrow keys open it as they move).

export type CheckTab = 'server' | 'client';

export const CHECK_TABS: readonly { readonly tab: CheckTab; readonly label: string }[] = [
  { tab: 'server', label: 'Server' },
  { tab: 'client', label: 'Client' },
];

/** The tab a key moves to from `current`, or null for a key the tablist leaves alone. */
export function tabAfterKey(current: CheckTab, key: string): CheckTab | null {
  const at = CHECK_TABS.findIndex((each) => each.tab === current);
  const last = CHECK_TABS.length - 1;
  const to = key === 'ArrowRight' ? (at === last ? 0 : at + 1) : key === 'ArrowLeft' ? (at === 0 ? last : at - 1) : key === 'Home' ? 0 : key === 'End' ? last : null;
  return to === null ? null : CHECK_TABS[to]!.tab;
}
