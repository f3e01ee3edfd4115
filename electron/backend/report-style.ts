// The HTML report (shared/export/html) opened from the app ("Export…", "Open in browser") is a
// page made from the app's data, so it inherits the app's Content-Security-Policy (CSP3 § 4.2.1:
// a blob: document takes its creator's policy container) on top of its own. Its one inline
// <style> is allowed by the hash of its exact text, which nothing else can match: the app's
// policy (renderer/index.html through electron/main/csp.ts, and serve mode's header) names it.

import { createHash } from 'node:crypto';
import { STYLESHEET } from '../../shared/export/html/page.ts';

/** `'sha256-…'`: the CSP source that allows the report's stylesheet. */
export function reportStyleSource(): string {
  return `'sha256-${createHash('sha256').update(STYLESHEET, 'utf8').digest('base64')}'`;
}
