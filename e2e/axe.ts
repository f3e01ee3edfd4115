// The WCAG A and AA rules axe checks, as one line per broken rule: what every view's accessibility test asserts is empty.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** `within`: a selector to check only that part of the page (other tests' servers and proxies share the backend). */
export async function violations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within === undefined ? builder : builder.include(within)).analyze();
  return (
    results.violations
      // The events table's scrolling body is scrolled from the keyboard through the grid around it,
      // which takes the focus (arrows, Page Up/Down, Home, End move the selection and scroll): the
      // ARIA grid pattern. axe looks for focus on the scrolling element itself.
      .map((violation) => (violation.id === 'scrollable-region-focusable' ? { ...violation, nodes: violation.nodes.filter((node) => node.target.join(' ') !== '.events-body') } : violation))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)
  );
}
