// The built page is served from app://streamscope/, a privileged custom scheme, not from file://
// (Electron's security checklist, item 18: https://www.electronjs.org/docs/latest/tutorial/security#18-avoid-usage-of-the-file-protocol-and-prefer-usage-of-custom-protocols).
// The handler serves files of the built renderer folder only, and sets the Content-Security-Policy
// header itself: whether session.webRequest sees a custom protocol's responses is not relied on.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mediaTypeOf, staticFile } from '../backend/serve/static-files.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'streamscope';
/** The page the window loads in a built (and packaged) app. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * The file of `rendererDir` that a request for `url` may be answered with, or null: another
 * scheme or host, or a path serve mode would not serve either (staticFile: bad percent-encoding,
 * a NUL or a backslash, a part starting with a dot — so `%2E%2E%2F` climbs nowhere —, or
 * anywhere outside the folder).
 */
export function rendererFileFor(url: string, rendererDir: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  return staticFile(resolve(rendererDir), parsed.pathname);
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  readonly rendererDir: string;
  /** The page's Content-Security-Policy, sent as a header with every response. */
  readonly policy: string;
  readonly read?: (file: string) => Promise<Uint8Array<ArrayBuffer>>;
}

/** The `protocol.handle(APP_SCHEME, …)` handler: a file of the renderer folder, or 404 with nothing read. */
export function appProtocolHandler(options: AppProtocolOptions): (request: { readonly url: string; readonly method?: string }) => Promise<Response> {
  const read = options.read ?? ((file: string) => readFile(file));
  const headers = (type: string) => ({ 'Content-Type': type, 'Content-Security-Policy': options.policy, 'X-Content-Type-Options': 'nosniff' });
  const notFound = () => new Response('not found', { status: 404, headers: headers('text/plain; charset=utf-8') });
  return async (request) => {
    if (request.method !== undefined && request.method !== 'GET' && request.method !== 'HEAD') return notFound();
    const file = rendererFileFor(request.url, options.rendererDir);
    if (file === null) return notFound();
    try {
      return new Response(await read(file), { status: 200, headers: headers(mediaTypeOf(file)) });
    } catch {
      return notFound();
    }
  };
}
