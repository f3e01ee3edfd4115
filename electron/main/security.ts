// The decisions behind the shell's secure defaults, as pure functions of URLs (electron/main/index.ts
// applies them to Electron's events). Electron's security checklist
// (https://www.electronjs.org/docs/latest/tutorial/security) items 13–15: limit navigation, limit
// new windows, do not open untrusted content with shell.openExternal; item 17: validate IPC senders.

/**
 * Whether `url` is the app's own page. `appUrl` is where the window loads the renderer:
 * app://streamscope/index.html when built (./app-protocol.ts), or the dev server's URL in
 * development. Matched by origin, i.e. scheme and host with its port (Node's URL gives a custom
 * scheme the opaque origin "null", so they are compared one by one); a `file:` URL is never ours.
 */
export function isAppPage(url: string, appUrl: string): boolean {
  const target = parse(url);
  const own = parse(appUrl);
  if (!target || !own || own.protocol === 'file:' || own.host === '') return false;
  return target.protocol === own.protocol && target.host === own.host;
}

/** The frame an IPC message came from, as Electron's WebFrameMain describes it. */
export interface SenderFrame {
  readonly url: string;
  /** Null for a window's top frame. */
  readonly parent: unknown;
}

/**
 * Whether an IPC call may be dispatched: it must come from the top frame of a page of ours. A frame
 * that is gone (null), a sub-frame, or any other page is refused.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, appUrl: string): boolean {
  return frame !== null && frame !== undefined && frame.parent === null && isAppPage(frame.url, appUrl);
}

export type ExternalLinkDecision =
  | { readonly action: 'open'; readonly url: string }
  /** Ask the user first, saying why. */
  | { readonly action: 'confirm'; readonly url: string; readonly reason: string }
  | { readonly action: 'refuse'; readonly reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What to do with a link the renderer tried to follow or open in a new window. Only http(s) ever
 * reaches the system browser (a `file:`, `javascript:` or custom-scheme URL could run a program or
 * a local file); a link that could mislead the user is shown to them first.
 */
export function externalLinkDecision(raw: string): ExternalLinkDecision {
  const url = parse(raw);
  if (!url) return { action: 'refuse', reason: `not a valid URL: ${describe(raw)}` };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { action: 'refuse', reason: `links with the ${url.protocol.slice(0, 40)} scheme are never opened: ${describe(raw)}` };
  }
  const href = url.href;
  if (url.username || url.password) return { action: 'confirm', url: href, reason: 'The link carries a user name or password.' };
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    return { action: 'confirm', url: href, reason: `The host name ${url.hostname} is written with international characters, which can imitate another site's name.` };
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { action: 'confirm', url: href, reason: 'The link is not encrypted (http, not https).' };
  }
  return { action: 'open', url: href };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A URL for a one-line log: quoted, and cut so that a huge `data:` URL stays one short line. */
function describe(raw: string): string {
  return JSON.stringify(raw.length > 100 ? `${raw.slice(0, 100)}…` : raw);
}
