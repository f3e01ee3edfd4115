// The loopback mock a client case is served on (issue 30): every request, whatever its method,
// path or body, gets the case's stream, written by the replay's own code (shared/replay/plan.ts
// plans it, replay/play.ts carries it out: each write its own chunk at its moment, a destroyed
// connection for a reset), so the case's timing is the replay's. Each request is kept (method,
// path, body) for the verdict.

import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { MockRequest } from '../../../shared/conformance/client/report.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import { baseUrl, closeServer, listen } from '../http/serve.ts';
import { playPlan } from '../replay/play.ts';
import type { PlayProgress } from '../replay/play.ts';

/** How much of a request's body is kept: a client's request is small; one that is not is shown cut. */
const MAX_KEPT_BODY_BYTES = 64 * 1024;

export interface CaseMock {
  /** `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  /** The requests made so far, in the order they arrived. */
  readonly requests: readonly MockRequest[];
  close(): Promise<void>;
}

export async function startCaseMock(kase: ClientCase): Promise<CaseMock> {
  const plan = planReplay(kase.recording, { speed: 1, protocol: kase.protocol });
  const requests: MockRequest[] = [];
  const running = new Map<AbortController, Promise<void>>();
  const server = createServer({ noDelay: true }, (req, res) => {
    const controller = new AbortController();
    running.set(controller, new Promise<void>((resolve) => res.once('close', () => {
      controller.abort();
      running.delete(controller);
      resolve();
    })));
    const request: { method: string; path: string; body: unknown } = { method: req.method ?? '', path: req.url ?? '', body: null };
    requests.push(request);
    readBody(req)
      .then((body) => {
        request.body = body;
        const progress: PlayProgress = { status: null, bytes: 0, cut: false };
        return playPlan(res, plan, progress, controller.signal, false);
      })
      .catch(() => {
        // The client went away, or the case ended: nothing is owed to anyone.
        if (!res.destroyed) res.destroy();
      });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { baseUrl: baseUrl('127.0.0.1', port), port, requests, close: () => closeServer(server, running) };
}

/** The body as JSON when it parses, else as text; past MAX_KEPT_BODY_BYTES, the text cut with a note. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size - part.length < MAX_KEPT_BODY_BYTES) parts.push(part);
  }
  const text = Buffer.concat(parts).subarray(0, MAX_KEPT_BODY_BYTES).toString('utf8');
  if (size > MAX_KEPT_BODY_BYTES) return `${text}… (${size.toLocaleString('en-US')} bytes in all)`;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
