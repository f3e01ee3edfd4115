// Serve mode's defences. The bridge listens on loopback, but any web page the user visits can
// send requests to loopback too, and a DNS-rebinding page can even read the answers. So:
// - every API request carries this run's random token (32 bytes, base64url), which only the
//   address the server printed holds (in its #fragment: never sent to a server, never in a
//   Referer), compared in constant time;
// - a request whose Host is not 127.0.0.1:PORT or localhost:PORT is refused (DNS rebinding:
//   the browser sends the attacker's host name), and so is one whose Origin is another site's
//   (CSRF; Fetch §3.1 "Origin header");
// - the HTML gets a strict Content-Security-Policy, no response gets CORS headers, and nothing
//   may be framed, sniffed or sent a Referer.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { reportStyleSource } from '../report-style.ts';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `given` is the token, in time that does not depend on where they differ (or on their lengths: both are hashed first). */
export function tokenMatches(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The token of an API request: `Authorization: Bearer TOKEN`, or the `token` query parameter where allowed (EventSource cannot set headers). */
export function requestToken(request: IncomingMessage, url: URL, allowQuery: boolean): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) return /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? null;
  return allowQuery ? url.searchParams.get('token') : null;
}

/** The Host values this server answers to. */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Why a request must be refused for where it comes from, or null when it may go on. */
export function foreignRequest(request: IncomingMessage, hosts: ReadonlySet<string>): string | null {
  const host = request.headers.host?.toLowerCase();
  if (host === undefined || !hosts.has(host)) return `refused: the Host ${host === undefined ? 'is missing' : JSON.stringify(host.slice(0, 100))} is not this server's (127.0.0.1 or localhost with its port)`;
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, hosts)) return `refused: requests from ${JSON.stringify(origin.slice(0, 100))} are not allowed (only this server's own pages may call it)`;
  return crossSiteRequest(request);
}

/**
 * Fetch Metadata (a browser's own statement of who sent the request): only a page of this origin,
 * or the user typing the address. A page's `<img>`, `<script>` or no-cors fetch carries no Origin,
 * but a browser marks it `cross-site` or `same-site` here; a client that is not a browser sends none.
 */
export function crossSiteRequest(request: IncomingMessage): string | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `refused: a ${JSON.stringify(site.slice(0, 100))} request (Sec-Fetch-Site), sent by a web page of another site`;
  return null;
}

function isOwnOrigin(origin: string, hosts: ReadonlySet<string>): boolean {
  const match = /^http:\/\/([^/]+)$/i.exec(origin);
  return match !== null && hosts.has(match[1]!.toLowerCase());
}

/** The page may load and connect to its own origin only; no inline script, no plugins, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // The HTML report opened from the app inherits this policy: its stylesheet is allowed by hash.
  `style-src 'self' ${reportStyleSource()}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** On every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};
