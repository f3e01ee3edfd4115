// The openai-test export, imported as generated: its data gives back the recorded bytes read for
// read, its replay keeps the recorded times (fake timers, so exactly), and nothing a stream holds
// can break out of the module or leave a secret in it. The openai SDK and msw consuming these
// modules in a child Vitest run are in fixture-run.test.ts.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import { utf8OrNull } from '../formats/bytes.ts';
import type { Recording } from '../recording/types.ts';
import { CANARY, CODE_BREAKING_TEXTS, codeBreakingRecording, importGenerated, removeScratchDir, scratchDir } from '../test/generated-modules.ts';
import { HOSTILE_NAME, hostileRecording, SECRET_COOKIE, SECRET_KEY, SECRET_URL_KEY } from '../test/hostile.ts';
import { body, chunk, cleanTextStream, delta, DONE_EVENT, timed, untimed } from '../test/streams.ts';
import { mswExporter } from './msw.ts';
import { openaiTestExporter } from './openai-test.ts';

interface ReplayOptions {
  speed?: number;
  signal?: AbortSignal;
}

/** What a generated openai-test module exports. */
interface OpenaiTestModule {
  recording: {
    request: { method: string; url: string; body: unknown } | null;
    response: { t: number | null; status: number; headers: Record<string, string> };
    reads: ({ t: number | null; text: string } | { t: number | null; base64: string })[];
    end: { t: number | null; outcome: string; error: string | null };
  };
  expectedMessage: unknown;
  expectedChoices: unknown[];
  expectedUsage: Record<string, unknown> | null;
  recordedBody(options?: ReplayOptions): ReadableStream<Uint8Array>;
  recordedResponse(options?: ReplayOptions): Response;
  recordedFetch(options?: ReplayOptions): typeof fetch;
}

let dir: string;
let count = 0;
beforeAll(() => {
  dir = scratchDir('openai-test');
});
afterAll(() => removeScratchDir(dir));
afterEach(() => {
  vi.useRealTimers();
});

function generate(recording: Recording, options?: { name?: string; id?: number }): string {
  return openaiTestExporter.export(recording, options) as string;
}

function load(source: string): Promise<OpenaiTestModule> {
  return importGenerated<OpenaiTestModule>(dir, `case-${count++}.fixture.ts`, source);
}

/** Reads a body to its end; each chunk with the (possibly fake) Date.now() it arrived at, counted from `origin`. */
async function drain(stream: ReadableStream<Uint8Array>, origin = Date.now()): Promise<{ at: number; bytes: Uint8Array }[]> {
  const chunks: { at: number; bytes: Uint8Array }[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push({ at: Date.now() - origin, bytes: value });
  }
}

describe('the openai-test export of a stream full of text that could break out of a module', () => {
  const recording = codeBreakingRecording();
  const source = generate(recording, { name: `evil */ name\n${CANARY}; //`, id: 7 });

  it('imports without running any of it, and exports only its own names', async () => {
    const module = await load(source);
    expect((globalThis as Record<string, unknown>).__streamscopePwned).toBeUndefined();
    expect(Object.keys(module).sort()).toEqual(['expectedChoices', 'expectedMessage', 'expectedUsage', 'recordedBody', 'recordedFetch', 'recordedResponse', 'recording']);
  });

  it('keeps every unsafe character escaped: the first "*/" closes the header comment, and no raw </script>, line separator or NUL is left', () => {
    const header = source.slice(0, source.indexOf('*/') + 2);
    expect(header.startsWith('/*\n')).toBe(true);
    expect(header.endsWith('\n * only in escaped string literals.\n */')).toBe(true);
    expect(source).not.toMatch(/<\/script/i);
    expect(['\u2028', '\u2029', '\u0000'].filter((char) => source.includes(char))).toEqual([]);
  });

  it('gives back every read, byte for byte, as its own chunk: text where valid UTF-8 on its own, base64 where not', async () => {
    const module = await load(source);
    const kinds = module.recording.reads.map((read) => ('text' in read ? 'text' : 'base64'));
    expect(kinds).toEqual(recording.reads.map((read) => (utf8OrNull(read.bytes) === null ? 'base64' : 'text')));
    expect(kinds.filter((kind) => kind === 'base64')).toHaveLength(3);
    const chunks = await drain(module.recordedBody({ speed: 0 }));
    expect(chunks.map((c) => c.bytes)).toEqual(recording.reads.map((read) => read.bytes));
  });

  it("holds Streamscope's reassembled message, lone surrogates, NUL and a __proto__ key included", async () => {
    const module = await load(source);
    const contract = toContract(analyzeRecording(recording));
    expect(module.expectedChoices).toEqual(contract.choices.map(({ index, message, finish_reason }) => ({ index, message, finish_reason })));
    expect(module.expectedMessage).toEqual(contract.choices[0]!.message);
    expect((module.expectedMessage as { content: string }).content).toBe(CODE_BREAKING_TEXTS.join(''));
    expect(Object.getPrototypeOf(module.expectedUsage)).toBe(Object.prototype);
    expect(Object.hasOwn(module.expectedUsage!, '__proto__')).toBe(true);
    expect(JSON.stringify(module.expectedUsage)).toBe('{"prompt_tokens":1,"completion_tokens":9,"total_tokens":10,"__proto__":{"polluted":true}}');
  });

  it('keeps the request as recorded (it is data, never code)', async () => {
    const module = await load(source);
    expect(module.recording.request).toEqual({ method: 'POST', url: recording.request!.url, body: recording.request!.body });
  });
});

describe('secrets in an openai-test export', () => {
  const key = 'sk-proj-Zq8RtW3nPx5LmK2vB9cY7dF4hJ6sA1eG0uI';
  const recording = timed([[10, cleanTextStream()]], {
    request: {
      method: 'POST',
      url: `https://gateway.example.test/v1/chat/completions?api_key=${key}&api-version=2024-10-21`,
      headers: { authorization: `Bearer ${key}`, 'x-api-key': key, 'content-type': 'application/json' },
      body: { model: 'gpt-4o', messages: [] },
    },
    response: {
      t: 5,
      status: 200,
      httpVersion: '1.1',
      headers: {
        'content-type': 'text/event-stream',
        'set-cookie': `session=${key}; Path=/`,
        'x-auth-token': key,
        'content-length': '1234',
        'content-encoding': 'gzip',
        'openai-organization': 'org-public',
        'x-not-latin-1': 'caf\u00e9 \u2615',
      },
    },
  });
  const source = generate(recording);

  it('leave no trace: the key appears nowhere, only its redacted remainder in the URL', () => {
    expect(source).not.toContain(key);
    expect(source).not.toContain(key.slice(8, -4));
    expect(source).toContain('?api_key=sk-proj-…G0uI&api-version=2024-10-21');
  });

  it('send back no secret, no transfer header and none fetch would refuse: cookies, auth, framing and non-Latin-1 headers are dropped whole', async () => {
    const module = await load(source);
    expect(module.recording.response.headers).toEqual({ 'content-type': 'text/event-stream', 'openai-organization': 'org-public' });
    const response = module.recordedResponse({ speed: 0 });
    expect([...response.headers.keys()].sort()).toEqual(['content-type', 'openai-organization']);
    expect(source).not.toMatch(/"(authorization|x-api-key|set-cookie|x-auth-token)"/i);
  });
});

describe('the hostile recording (shared/test/hostile.ts: markup payloads everywhere, secrets unredacted) in both fixture formats', () => {
  const recording = hostileRecording();

  it.each([openaiTestExporter, mswExporter])('$format: holds no part of a secret, imports without running anything, and replays every read', async (exporter) => {
    const source = exporter.export(recording, { name: HOSTILE_NAME }) as string;
    for (const secret of [SECRET_KEY, SECRET_URL_KEY, SECRET_COOKIE.split('=')[1]!]) expect(source).not.toContain(secret.slice(4, -4));
    expect(source).not.toMatch(/<\/?(script|textarea|style|iframe|svg|img)/i);
    // Every payload calls alert(): a trap for any that ran.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const module = await importGenerated<OpenaiTestModule>(dir, `case-${count++}${exporter.extension}`, source);
    vi.unstubAllGlobals();
    expect(alert).not.toHaveBeenCalled();
    expect(module.recording.response.headers).toEqual({ 'content-type': 'text/event-stream', 'x-evil': recording.response!.headers['x-evil'] });
    const chunks = await drain(module.recordedBody({ speed: 0 }));
    expect(chunks.map((c) => c.bytes)).toEqual(recording.reads.map((read) => read.bytes));
  });
});

describe('replaying at the recorded times (fake timers, so times are exact)', () => {
  // Head at 50 ms; reads at 100, 150.5 and 400 ms; the end at 450 ms.
  const recording = timed(
    [
      [100, 'data: {"a":1}\n\n'],
      [150.5, 'data: {"a":2}\n\n'],
      [400, DONE_EVENT],
    ],
    { response: { t: 50, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } }, end: { t: 450, outcome: 'eof' } },
  );
  let module: OpenaiTestModule;
  beforeAll(async () => {
    module = await load(generate(recording));
  });

  it('enqueues each read as its own chunk, at its time after the response head (fractions rounded up to the next millisecond)', async () => {
    vi.useFakeTimers();
    const chunks = drain(module.recordedBody());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await chunks).map(({ at, bytes }) => [at, new TextDecoder().decode(bytes)])).toEqual([
      [50, 'data: {"a":1}\n\n'],
      [101, 'data: {"a":2}\n\n'],
      [350, DONE_EVENT],
    ]);
  });

  it('divides the times by speed, and sends everything at once at speed 0', async () => {
    vi.useFakeTimers();
    const twice = drain(module.recordedBody({ speed: 2 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await twice).map(({ at }) => at)).toEqual([25, 51, 175]);
    const atOnce = await drain(module.recordedBody({ speed: 0 }));
    expect(atOnce.map(({ at }) => at)).toEqual([0, 0, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes the body at the recorded end, not at the last read', async () => {
    vi.useFakeTimers();
    let closed = false;
    const origin = Date.now();
    void drain(module.recordedBody()).then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(399);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(closed).toBe(true);
    expect(Date.now() - origin).toBe(400);
  });

  it('recordedFetch answers after the response head time, and the body follows from there', async () => {
    vi.useFakeTimers();
    const fetch = module.recordedFetch();
    let answered = false;
    const pending = fetch('https://anywhere.test/v1/chat/completions', { method: 'POST' }).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const response = await pending;
    expect(response.status).toBe(200);
    const chunks = drain(response.body!, Date.now() - 50);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await chunks).map(({ at }) => at)).toEqual([100, 151, 400]);
  });

  it('stops its timers when the body is cancelled', async () => {
    vi.useFakeTimers();
    const reader = module.recordedBody().getReader();
    await vi.advanceTimersByTimeAsync(50);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"a":1}\n\n');
    expect(vi.getTimerCount()).toBe(1);
    await reader.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('errors the body with the reason and stops its timers when the signal aborts, before the head or during the body', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const reader = module.recordedBody({ signal: controller.signal }).getReader();
    await vi.advanceTimersByTimeAsync(60);
    await reader.read();
    controller.abort(new Error('test over'));
    await expect(reader.read()).rejects.toThrow('test over');
    expect(vi.getTimerCount()).toBe(0);

    const early = new AbortController();
    const answer = module.recordedFetch()('https://anywhere.test/', { signal: early.signal });
    early.abort(new Error('never mind'));
    await expect(answer).rejects.toThrow('never mind');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a speed that is not a number of 0 or more (misuse)', () => {
    expect(() => module.recordedBody({ speed: -1 })).toThrow(RangeError);
    expect(() => module.recordedFetch({ speed: Number.NaN })).toThrow('speed must be a number, 0 or more');
  });
});

describe('recordings that are not a clean timed stream', () => {
  it('an untimed body (a .sse file) is enqueued at once, without a timer', async () => {
    const module = await load(generate(untimed(cleanTextStream())));
    vi.useFakeTimers();
    const chunks = await drain(module.recordedBody());
    expect(chunks.map(({ at }) => at)).toEqual([0]);
    expect(new TextDecoder().decode(chunks[0]!.bytes)).toBe(cleanTextStream());
    const response = await module.recordedFetch()('https://anywhere.test/');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
  });

  it('a cut connection errors the body at its recorded end, with the recorded error', async () => {
    const cut = timed([[10, body(chunk([delta({ role: 'assistant', content: 'Hel' })]))]], {
      end: { t: 30, outcome: 'error', error: 'the connection closed before the response was complete' },
    });
    const module = await load(generate(cut));
    vi.useFakeTimers();
    const reader = module.recordedBody().getReader();
    await vi.advanceTimersByTimeAsync(10);
    expect((await reader.read()).done).toBe(false);
    const failure = expect(reader.read()).rejects.toThrow(new TypeError('the connection closed before the response was complete'));
    await vi.advanceTimersByTimeAsync(20);
    await failure;
  });

  it('a cut connection replayed at once still delivers every read before its error', async () => {
    const reads = [body(chunk([delta({ role: 'assistant', content: 'Hel' })])), body(chunk([delta({ content: 'lo' })]))];
    const module = await load(generate(timed([[10, reads[0]!], [20, reads[1]!]], { end: { t: 30, outcome: 'timeout' } })));
    const reader = module.recordedBody({ speed: 0 }).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(reads[0]);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(reads[1]);
    await expect(reader.read()).rejects.toThrow('the recorded stream ended with timeout');
  });

  it('an error status comes back with its body, and a recording with no choice has a null expected message', async () => {
    const limited = timed([[3, '{"error":{"message":"Rate limit reached","type":"requests"}}']], {
      response: { t: 2, status: 429, httpVersion: '1.1', headers: { 'content-type': 'application/json', 'retry-after': '1' } },
    });
    const module = await load(generate(limited));
    const response = module.recordedResponse({ speed: 0 });
    expect([response.status, response.headers.get('retry-after')]).toEqual([429, '1']);
    expect(await response.json()).toEqual({ error: { message: 'Rate limit reached', type: 'requests' } });
    expect([module.expectedMessage, module.expectedChoices, module.expectedUsage]).toEqual([null, [], null]);
  });

  it('a 204 answer has no body, as fetch requires', async () => {
    const module = await load(generate(timed([], { response: { t: 1, status: 204, httpVersion: '1.1', headers: {} } })));
    const response = module.recordedResponse();
    expect([response.status, response.body]).toEqual([204, null]);
  });
});
