// Tab and Shift+Tab wrap around inside a modal dialog (WAI-ARIA APG, "Dialog (Modal)" pattern):
// showModal() makes the page behind inert, but the browser would still let focus leave for its
// own toolbar at either end.

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]';

/** The elements Tab stops at inside `root`, in order (a radio group is one stop: its checked radio, or its first). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const groups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[hidden], [inert]') || element.getClientRects().length === 0) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name !== '') {
      const checked = root.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]:checked`);
      if (checked) return checked === element;
      if (groups.has(element.name)) return false;
      groups.add(element.name);
    }
    return true;
  });
}

/** Call on keydown inside the dialog: moves focus round from the last stop to the first and back. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const stops = tabStops(root);
  if (stops.length === 0) return;
  const first = stops[0]!;
  const last = stops.at(-1)!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
