// Every way an exchange through the proxy ends, seen by the client and by the recording: an
// upstream that cannot be reached (the proxy's own 502), one that breaks after the head (a broken
// stream, as without the proxy), a client that hangs up (the upstream request aborted at once),
// a client that closes right after [DONE] (a normal end), and a 429 the SDK knows as such.

import type { Socket } from 'node:net';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { writeChunk } from '../http/write-chunk.ts';
import { startSimulator } from '../simulator/index.ts';
import { bodyOf, closedPort, rawRequest, startTestProxy, startUpstream } from './test-support.ts';

const chunk = (content: string) => `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${content}"},"finish_reason":null}]}\n\n`;
const STOP = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const DONE = 'data: [DONE]\n\n';
const STREAM = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] };
const codes = (recording: Parameters<typeof analyzeRecording>[0]) => analyzeRecording(recording).diagnostics.map((found) => found.code);

describe('an upstream that cannot be reached', () => {
  it('gets the client a 502 with one line of JSON that says the proxy sent it and why; a stream is recorded as an error', async () => {
    const port = await closedPort();
    const capture = await startTestProxy(`http://127.0.0.1:${port}/v1`);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/chat/completions`, { body: STREAM });
      const why = `connection refused (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port})`;
      expect([answer.status, answer.headers['content-type'], answer.headers['x-streamscope-proxy']]).toEqual([502, 'application/json', 'error']);
      expect(answer.body.toString()).not.toContain('\n');
      expect(JSON.parse(answer.body.toString())).toEqual({
        error: { message: `Streamscope proxy: the upstream http://127.0.0.1:${port} failed before answering: ${why}`, type: 'proxy_error', code: 'upstream_unreachable' },
      });
      const exchange = await ended;
      expect(exchange).toMatchObject({ servedBy: 'proxy', stream: true, status: 502, outcome: 'error', error: why });
      const stored = capture.recording(exchange);
      expect([stored.response, stored.reads, stored.end?.outcome, stored.end?.error]).toEqual([null, [], 'error', why]);
      expect(codes(stored)).toContain('connection-error');
    } finally {
      await capture.close();
    }
  });

  it('that takes the connection and drops it before answering gets the client a 502 too', async () => {
    const upstream = await startUpstream((req) => req.socket.destroy());
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { body: STREAM });
      expect([answer.status, JSON.parse(answer.body.toString()).error]).toEqual([
        502,
        { message: `Streamscope proxy: the upstream ${upstream.url} failed before answering: the server closed the connection without answering (ECONNRESET: socket hang up)`, type: 'proxy_error', code: 'upstream_unreachable' },
      ]);
      expect(await ended).toMatchObject({ stream: true, status: 502, outcome: 'error', error: 'the server closed the connection without answering (ECONNRESET: socket hang up)' });
    } finally {
      await capture.close();
      await upstream.close();
    }
  });

  it('is logged, not recorded, for a request that does not stream', async () => {
    const capture = await startTestProxy(`http://127.0.0.1:${await closedPort()}`);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/models`);
      expect(answer.status).toBe(502);
      expect(await ended).toMatchObject({ method: 'GET', path: '/v1/models', stream: false, recording: null, status: 502, outcome: 'error' });
      expect(capture.store.list().total).toBe(0);
    } finally {
      await capture.close();
    }
  });
});

describe('an upstream that breaks the connection after the head', () => {
  it.each([
    // Node 24 reports the reset's own error first, Node 22 the response cut short: either says what happened.
    ['resets it (RST)', (socket: Socket) => socket.resetAndDestroy(), /^(connection reset by the server \(ECONNRESET: read ECONNRESET\)|the upstream connection closed before the response was complete)$/],
    ['closes it (FIN) before the last chunk', (socket: Socket) => socket.destroy(), /^the upstream connection closed before the response was complete$/],
  ])('that %s breaks the client’s stream (no clean end) after the bytes that came, and the recording ends in a connection-error', async (_how, cut, why) => {
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      writeChunk(res, chunk('Hel'), () => writeChunk(res, chunk('lo'), () => cut(res.socket!)));
    });
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { body: STREAM });
      expect([answer.status, answer.ending, answer.body.toString()]).toEqual([200, 'aborted', chunk('Hel') + chunk('lo')]);
      const exchange = await ended;
      expect(exchange).toMatchObject({ status: 200, outcome: 'error', error: expect.stringMatching(why) });
      const stored = capture.recording(exchange);
      expect(bodyOf(stored).toString()).toBe(chunk('Hel') + chunk('lo'));
      expect(stored.end).toMatchObject({ outcome: 'error', error: exchange.error });
      expect(codes(stored)).toContain('connection-error');
    } finally {
      await capture.close();
      await upstream.close();
    }
  });
});

describe('a client that hangs up mid-stream', () => {
  it('aborts the upstream request at once, and the recording is aborted', async () => {
    let upstreamClosed!: (finished: boolean) => void;
    const closed = new Promise<boolean>((resolve) => (upstreamClosed = resolve));
    // An upstream that never stops on its own: only an abort ends it.
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.on('close', () => upstreamClosed(res.writableFinished));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let index = 0;
      const next = (): void => {
        if (res.destroyed) return;
        writeChunk(res, chunk(`t${index++}`));
        setTimeout(next, 15);
      };
      next();
    });
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      let text = '';
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, {
        body: STREAM,
        onRead: (bytes, response) => {
          text += bytes.toString();
          if (text.endsWith(chunk('t2'))) response.destroy();
        },
      });
      expect([answer.ending, answer.body.toString()]).toEqual(['aborted', chunk('t0') + chunk('t1') + chunk('t2')]);
      expect(await closed).toBe(false);
      const exchange = await ended;
      expect(exchange).toMatchObject({ outcome: 'aborted', error: 'the client closed the connection before the stream ended; the upstream request was aborted' });
      expect(capture.recording(exchange).end).toMatchObject({ outcome: 'aborted' });
      expect(bodyOf(capture.recording(exchange)).toString().startsWith(answer.body.toString())).toBe(true);
    } finally {
      await capture.close();
      await upstream.close();
    }
  });

  it('right after [DONE] has simply finished: the recording ends eof', async () => {
    // The upstream keeps the connection open after [DONE]; the client leaves as soon as it has it.
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      writeChunk(res, chunk('Hi'), () => writeChunk(res, STOP, () => writeChunk(res, DONE)));
    });
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, {
        body: STREAM,
        onRead: (bytes, response) => {
          if (bytes.toString().endsWith(DONE)) response.destroy();
        },
      });
      expect(answer.body.toString()).toBe(chunk('Hi') + STOP + DONE);
      const exchange = await ended;
      expect(exchange).toMatchObject({ outcome: 'eof', error: null });
      const stored = capture.recording(exchange);
      expect(stored.end).toMatchObject({ outcome: 'eof' });
      expect(codes(stored)).not.toContain('connection-error');
    } finally {
      await capture.close();
      await upstream.close();
    }
  });
});

describe('a 429 from the upstream', () => {
  it('reaches the openai SDK as its RateLimitError, as it does directly, and is recorded with its status', async () => {
    const simulator = await startSimulator({ timeScale: 0 });
    const capture = await startTestProxy(simulator.url);
    try {
      const failure = async (baseURL: string) => {
        const client = new OpenAI({ baseURL, apiKey: 'sk-test', maxRetries: 0, logLevel: 'off' });
        return client.chat.completions.create({ model: 'sim-rate-limit', stream: true, messages: [{ role: 'user', content: 'hi' }] }).then(
          () => null,
          (error: unknown) => error,
        );
      };
      const direct = await failure(simulator.url);
      const ended = capture.nextEnd();
      const proxied = await failure(capture.base);
      expect(proxied).toBeInstanceOf(OpenAI.RateLimitError);
      const [a, b] = [direct, proxied] as InstanceType<typeof OpenAI.RateLimitError>[];
      expect([b!.status, b!.message, b!.error, b!.headers.get('retry-after')]).toEqual([a!.status, a!.message, a!.error, a!.headers.get('retry-after')]);
      expect(b!.status).toBe(429);
      const exchange = await ended;
      expect(exchange).toMatchObject({ stream: true, status: 429, outcome: 'eof' });
      const stored = capture.recording(exchange);
      expect(stored.response?.status).toBe(429);
      expect(codes(stored)).toContain('http-status');
    } finally {
      await capture.close();
      await simulator.close();
    }
  });
});
