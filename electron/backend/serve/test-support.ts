// For the bridge's tests: a renderer folder to serve, a fetch that keeps a copy of everything
// it receives and can drop the event stream on demand, and raw requests with any headers.

import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { tempDir } from '../store/test-support.ts';

/** A built renderer in miniature: a page, a script, and a file beside the folder that must never be served. */
export function rendererFixture(): string {
  const root = tempDir('streamscope-renderer-');
  const dir = join(root, 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Streamscope</title><script type="module" src="./assets/app.js"></script>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {};\n');
  writeFileSync(join(dir, '.env'), 'SECRET=1\n');
  writeFileSync(join(root, 'secret.txt'), 'not for the browser\n');
  return dir;
}

export interface TappedFetch {
  readonly fetch: typeof fetch;
  /** Every response body received so far, as text. */
  wire(): string;
  /** The requests of the event stream made so far, with their Last-Event-ID. */
  readonly eventRequests: { readonly lastEventId: string | null }[];
  /** Cuts the event stream now open, as a dropped connection would. */
  dropEvents(): void;
  /** Holds the next event-stream requests until the returned function is called. */
  holdEvents(): () => void;
}

export function tappedFetch(): TappedFetch {
  let wire = '';
  const eventRequests: { lastEventId: string | null }[] = [];
  let current: AbortController | null = null;
  let hold: Promise<void> | null = null;

  const tapped: typeof fetch = async (input, init) => {
    const url = String(input);
    const events = url.endsWith('/api/events');
    let signal = init?.signal ?? undefined;
    if (events) {
      const headers = new Headers(init?.headers);
      eventRequests.push({ lastEventId: headers.get('last-event-id') });
      if (hold) await hold;
      current = new AbortController();
      signal = signal ? AbortSignal.any([signal, current.signal]) : current.signal;
    }
    const response = await fetch(input, { ...init, ...(signal ? { signal } : {}) });
    void drain(response.clone());
    return response;
  };

  async function drain(response: Response): Promise<void> {
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) break;
        wire += decoder.decode(value, { stream: true });
      }
    } catch {
      // A dropped stream: what arrived is kept.
    }
  }

  return {
    fetch: tapped,
    wire: () => wire,
    eventRequests,
    dropEvents: () => current?.abort(new Error('dropped by the test')),
    holdEvents() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request with exactly these headers (fetch would set Host and Origin itself); the body of an event stream is read for `streamMs`. */
export function rawRequest(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; streamMs?: number }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, setHost: !options.headers || !('host' in options.headers) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      res.on('end', done);
      if (options.streamMs !== undefined) setTimeout(() => (req.destroy(), done()), options.streamMs);
    });
    req.on('error', (error) => (options.streamMs === undefined ? reject(error) : undefined));
    req.end(options.body);
  });
}
