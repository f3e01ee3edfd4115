// One API call's HTTP exchange, as serve mode's transport makes it: a frame POSTed, the reply's
// status, type and bytes back. Apart from the transport so that it can run off the page's main
// thread (exchange-worker.ts): taking in a large reply is Chromium's work on the thread that runs
// the fetch, and the page's main thread is the one that analyses and draws.

export interface ExchangeRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array<ArrayBuffer>;
}

export interface ExchangeReply {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: Uint8Array<ArrayBuffer>;
}

/** Makes the exchange; rejects only when the server cannot be reached (an HTTP error status is a reply). */
export type Exchange = (request: ExchangeRequest) => Promise<ExchangeReply>;

/** The exchange made with `send` (fetch) on the calling thread; `keepalive`: the request outlives the page (Fetch, "keepalive"; 64 KiB of body at most). */
export function fetchExchange(send: typeof fetch, { keepalive = false }: { readonly keepalive?: boolean } = {}): Exchange {
  return async ({ url, headers, body }) => {
    const response = await send(url, { method: 'POST', headers, body, ...(keepalive ? { keepalive } : {}) });
    return { status: response.status, contentType: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
  };
}

/**
 * `shown` while the page is shown; from its `pagehide` until a `pageshow`, `leaving`. A call made
 * as the page goes (the history's deletions still in their undo window) must outlive it: a call
 * posted to a worker dies with the page, and one on the page's thread too unless it is keepalive.
 * `page` must be given before anything else listens for pagehide, so that it knows first.
 */
export function untilPageHides(shown: Exchange, leaving: Exchange, page: Pick<EventTarget, 'addEventListener'>): Exchange {
  let hiding = false;
  page.addEventListener('pagehide', () => (hiding = true));
  page.addEventListener('pageshow', () => (hiding = false));
  return (request) => (hiding ? leaving(request) : shown(request));
}
