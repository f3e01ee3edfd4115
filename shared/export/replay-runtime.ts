// The code the fixture modules (`openai-test`, `msw`) carry to replay their recording: TypeScript
// source, emitted as is. It uses only what fetch's runtimes all have (Response, ReadableStream,
// TextEncoder, atob, setTimeout, AbortController), so a module runs in Node, a browser, Vitest
// and Jest alike, and it type-checks under `strict` with the DOM library or Node's types.
//
// Timing: every wait is measured from one origin (Date.now(), which fake timers also drive), so
// late timers do not add up; each read is enqueued as its own chunk, in order, at its recorded
// time. Times in the recording count from the request; the body's from the response head.

export const REPLAY_TYPES = `/** One network read of the response body: its arrival time in ms since the request started (null when the source was untimed) and its bytes, as text when they are valid UTF-8 on their own, else as base64. */
export type RecordedRead = { readonly t: number | null; readonly text: string } | { readonly t: number | null; readonly base64: string };

export interface RecordedExchange {
  readonly request: { readonly method: string; readonly url: string; readonly body: unknown } | null;
  /** Secret and framing headers (authorization, cookies, content-length, content-encoding …) are left out. */
  readonly response: { readonly t: number | null; readonly status: number; readonly headers: Readonly<Record<string, string>> };
  readonly reads: readonly RecordedRead[];
  /** How the body ended: "eof" closes it; anything else (a cut connection, a timeout) errors it. */
  readonly end: { readonly t: number | null; readonly outcome: string; readonly error: string | null };
}

export interface ReplayOptions {
  /** 1 (the default) keeps the recorded timing, 2 is twice as fast, 0 sends everything at once. */
  readonly speed?: number | undefined;
  /** Aborting stops the timers and errors the body with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}
`;

export const REPLAY_FUNCTIONS = `/** The response body: each recorded read enqueued as its own chunk, at its recorded time after the response head divided by speed. Cancelling it or aborting the signal stops the timers. */
export function recordedBody(options: ReplayOptions = {}): ReadableStream<Uint8Array> {
  const speed = speedOf(options);
  const { signal } = options;
  const head = recording.response.t ?? 0;
  const origin = Date.now();
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = (): void => {};
  let failure: Error | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (signal?.aborted) return controller.error(signal.reason);
        const onAbort = (): void => {
          stop();
          controller.error(signal?.reason);
        };
        stop = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        signal?.addEventListener('abort', onAbort);
        const step = (): void => {
          for (;;) {
            const read = recording.reads[next];
            const t = read ? read.t : recording.end.t;
            const wait = t === null ? 0 : origin + scaled(t - head, speed) - Date.now();
            if (wait > 0) {
              // Whole milliseconds, up: a timer never fires before its read is due (with Date.now() at 1 ms, a fraction would spin).
              timer = setTimeout(step, Math.ceil(wait));
              return;
            }
            if (!read) break;
            controller.enqueue(bytesOf(read));
            next++;
          }
          stop();
          if (recording.end.outcome === 'eof') return controller.close();
          failure = new TypeError(recording.end.error ?? 'the recorded stream ended with ' + recording.end.outcome);
          // Erroring a stream drops the reads still queued: with nothing queued error now, else when the reader comes back for more (pull).
          if (controller.desiredSize === 0) controller.error(failure);
        };
        step();
      },
      pull(controller) {
        if (failure) controller.error(failure);
      },
      cancel() {
        stop();
      },
    },
    // No read-ahead: desiredSize is 0 exactly when nothing is queued, and pull runs when a reader waits on an empty queue.
    { highWaterMark: 0 },
  );
}

/** The recorded response (status, headers, and the body streamed with its timing), its head "arriving" now. */
export function recordedResponse(options: ReplayOptions = {}): Response {
  const { status, headers } = recording.response;
  // The fetch standard forbids a body with these statuses.
  const body = [101, 103, 204, 205, 304].includes(status) ? null : recordedBody(options);
  return new Response(body, { status, headers });
}

function speedOf(options: ReplayOptions): number {
  const speed = options.speed ?? 1;
  if (!(speed >= 0)) throw new RangeError('speed must be a number, 0 or more (1 = the recorded timing, 0 = no waits), not ' + String(speed));
  return speed;
}

function scaled(ms: number, speed: number): number {
  return speed === 0 ? 0 : Math.max(0, ms) / speed;
}

function bytesOf(read: RecordedRead): Uint8Array {
  if ('text' in read) return new TextEncoder().encode(read.text);
  const binary = atob(read.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Waits for the recorded response head (its time from the request, divided by speed). */
function headWait(speed: number, signal: AbortSignal | undefined): Promise<void> {
  const ms = recording.response.t === null ? 0 : scaled(recording.response.t, speed);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    if (ms === 0) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** One signal that aborts when either does (AbortSignal.any is not in every runtime yet). */
function eitherSignal(a: AbortSignal | null | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
`;
