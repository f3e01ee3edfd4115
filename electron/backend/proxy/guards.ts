// Who may use the capture proxy (docs/capture.md, "Keys and who may use it"): it holds the user's keys in flight, so it
// binds loopback only, answers only requests addressed to a loopback name (a page on another
// site cannot reach it through DNS rebinding), and refuses web pages (an Origin header, or a
// browser's Sec-Fetch-Site saying another site sent it) unless the user named that origin.

import type { IncomingMessage } from 'node:http';
import { crossSiteRequest } from '../serve/security.ts';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export type Refusal = { readonly status: 403; readonly code: 'foreign_host' | 'origin_refused' | 'cross_site'; readonly message: string };

export function refusal(req: IncomingMessage, allowOrigins: readonly string[]): Refusal | null {
  const host = req.headers.host;
  const name = host === undefined ? '' : host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  if (!LOOPBACK_NAMES.has(name.toLowerCase())) {
    return { status: 403, code: 'foreign_host', message: `refused a request for host ${JSON.stringify(host ?? '')}: the proxy answers only 127.0.0.1, localhost and [::1]` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowOrigins.includes(origin)) {
    return { status: 403, code: 'origin_refused', message: `refused a request from the web page at ${origin}: start the proxy with --allow-origin ${origin} (in the app: "Allowed web pages" in the Capture form) to let it through` };
  }
  // A page the user allowed calls from its own origin (another port is another site to the browser):
  // its Origin vouches for it. Without one (an <img>, a <script>, a no-cors fetch), the browser's word decides.
  const crossSite = origin === undefined ? crossSiteRequest(req) : null;
  if (crossSite !== null) return { status: 403, code: 'cross_site', message: `${crossSite}: the proxy forwards only what a program sends, or a page --allow-origin names` };
  return null;
}
