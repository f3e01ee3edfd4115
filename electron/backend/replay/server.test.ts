import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, concatBytes, parseSse, recordingFromSse, toContract } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import { latin1, recordScenarios } from '../../../shared/test/replay-support.ts';
import type { NamedRecording } from '../../../shared/test/replay-support.ts';
import { realStreams } from '../../../shared/test/streams.ts';
import { startReplayServer } from './server.ts';
import type { ReplayRequestLog } from './server.ts';
import { wireRequest } from './test-client.ts';
import { FRAMING, replayServers } from './test-servers.test-support.ts';

let simulated: NamedRecording[];
beforeAll(async () => {
  simulated = await recordScenarios();
});
const scenario = (name: string): Recording => simulated.find((entry) => entry.name === name)!.recording;
const requestOf = (recording: Recording): string => JSON.stringify(recording.request!.body);
const bodyOf = (recording: Recording): Uint8Array => concatBytes(recording.reads.map((read) => read.bytes));
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const serve = replayServers();

describe('the replay server on the wire', () => {
  it('answers each simulator recording, matched by its request, with its status, headers and body, in the recorded writes', async () => {
    const sources = simulated.map(({ name, recording }) => ({ label: name, recording }));
    const server = await serve({ sources, speed: 0 });
    expect(server.baseUrl).toBe(`http://127.0.0.1:${server.port}/v1`);
    await Promise.all(
      simulated.map(async ({ name, recording }) => {
        const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
        expect(wire.status, name).toBe(recording.response!.status);
        const recorded = Object.entries(recording.response!.headers).filter(([header]) => !['content-length', ...FRAMING].includes(header));
        expect(wire.headers.filter(([header]) => !FRAMING.includes(header.toLowerCase())), name).toEqual(recorded);
        expect(wire.chunks.map((chunk) => latin1(chunk.bytes)), name).toEqual(recording.reads.map((read) => latin1(read.bytes)));
        expect(wire.ending, name).toBe(name === 'connection-drop' ? 'cut' : 'complete');
      }),
    );
    expect(server.requests.map((log) => log.matched).sort()).toEqual(simulated.map(({ name }) => name).sort());
    expect(server.requests.find((log) => log.matched === 'connection-drop')!.outcome).toBe('cut');
  });

  it('sends every corpus stream byte for byte, one event a chunk, and a plain .sse answers any request', async () => {
    for (const { name, bytes } of realStreams()) {
      const recording = recordingFromSse(bytes);
      const server = await serve({ sources: [{ label: name, recording }], untimedIntervalMs: 0 });
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: '{"model":"anything","messages":[]}' });
      expect(wire.headers.slice(0, 2), name).toEqual([
        ['content-type', 'text/event-stream; charset=utf-8'],
        ['cache-control', 'no-cache'],
      ]);
      expect(wire.chunks.map((chunk) => latin1(chunk.bytes)), name).toEqual(planReplay(recording, { untimedIntervalMs: 0 }).writes.map((write) => latin1(write.bytes)));
      expect(latin1(wire.body), name).toBe(latin1(bytes));
      expect(wire.ending, name).toBe('complete');
      await server.close();
    }
  });

  it('keeps the recorded gaps at speed 1 (loosely: timing is measured by the benchmark)', async () => {
    const names = ['text', 'parallel-tool-calls'];
    const server = await serve({ sources: names.map((name) => ({ label: name, recording: scenario(name) })) });
    await Promise.all(
      names.map(async (name) => {
        const recording = scenario(name);
        const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
        const planned = planReplay(recording).writes;
        expect(wire.chunks).toHaveLength(planned.length);
        // How late each chunk came against its planned time, from the chunk that came soonest (the client has no other clock to the server's start).
        const offsets = wire.chunks.map((chunk, i) => chunk.t - planned[i]!.at);
        const late = offsets.map((offset) => offset - Math.min(...offsets)).sort((a, b) => a - b);
        expect(late[Math.floor(late.length / 2)], name).toBeLessThan(20);
      }),
    );
  });

  it('with precise timing, sends the same reads with the recorded gaps (loosely, as above)', async () => {
    const recording = scenario('text');
    const server = await serve({ sources: [{ label: 'text', recording }], precise: true });
    const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
    const planned = planReplay(recording).writes;
    expect(wire.chunks.map((chunk) => latin1(chunk.bytes))).toEqual(planned.map((write) => latin1(write.bytes)));
    const offsets = wire.chunks.map((chunk, i) => chunk.t - planned[i]!.at);
    const late = offsets.map((offset) => offset - Math.min(...offsets)).sort((a, b) => a - b);
    expect(late[Math.floor(late.length / 2)]).toBeLessThan(20);
    expect(wire.ending).toBe('complete');
  });

  it('paces an untimed body evenly, and sends it all at once at speed 0', async () => {
    const bytes = new TextEncoder().encode(Array.from({ length: 8 }, (_, i) => `data: {"n":${i}}\n\n`).join(''));
    const paced = await serve({ sources: [{ label: 'paced', recording: recordingFromSse(bytes) }], untimedIntervalMs: 40 });
    const wire = await wireRequest(`${paced.baseUrl}/chat/completions`, { body: '{}' });
    const times = wire.chunks.map((chunk) => chunk.t);
    expect(times).toHaveLength(8);
    // Timed from the response line, which the server sends when the pacing starts.
    expect(times[7]! - wire.headersAt!).toBeGreaterThanOrEqual(5 * 40);
    expect(times[7]! - wire.headersAt!).toBeLessThan(7 * 40 + 300);
    const fast = await serve({ sources: [{ label: 'fast', recording: recordingFromSse(bytes) }], untimedIntervalMs: 40, speed: 0 });
    const all = await wireRequest(`${fast.baseUrl}/chat/completions`, { body: '{}' });
    expect(all.chunks).toHaveLength(8);
    // Paced, the same body spans 7 × 40 ms; at speed 0 it comes at once (the margin is for a loaded machine).
    expect(all.chunks[7]!.t - all.chunks[0]!.t).toBeLessThan(120);
  });
});

describe('matching requests to recordings', () => {
  it('answers each request of a cassette with its own recording', async () => {
    const server = await serve({ sources: ['text', 'tool-call', 'refusal'].map((name) => ({ label: name, recording: scenario(name) })), speed: 0 });
    for (const name of ['refusal', 'text', 'tool-call']) {
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(scenario(name)) });
      expect(latin1(wire.body), name).toBe(latin1(bodyOf(scenario(name))));
    }
    expect(server.requests.map((log) => log.matched)).toEqual(['refusal', 'text', 'tool-call']);
  });

  it('answers an unmatched request with a 404 in OpenAI error shape naming what was asked and what is loaded', async () => {
    const sources = [
      { label: 'text.ssrec.jsonl', recording: scenario('text') },
      { label: 'any.sse', recording: recordingFromSse(new TextEncoder().encode('data: {"model":"m1","choices":[]}\n\n')) },
    ];
    const strict = await serve({ sources: sources.slice(0, 1) });
    const asked = { model: 'gpt-4.1', messages: [{ role: 'system', content: 'x' }, { role: 'user', content: 'What is the weather like in Paris, France, this weekend?' }] };
    const wire = await wireRequest(`${strict.baseUrl}/chat/completions`, { body: JSON.stringify(asked) });
    expect(wire.status).toBe(404);
    expect(wire.headers.find(([name]) => name === 'content-type')).toEqual(['content-type', 'application/json']);
    expect(JSON.parse(utf8(wire.body))).toEqual({
      error: {
        message:
          'No loaded recording matches this request (model "gpt-4.1", first user message "What is the weather like in Paris, Fran…"). A Chat Completions recording answers a request to …/chat/completions with the same model and messages. Loaded: text.ssrec.jsonl (model "sim-text", first user message "How does streaming work?").',
        type: 'invalid_request_error',
        param: 'messages',
        code: 'no_matching_recording',
      },
    });
    expect(strict.requests).toEqual([expect.objectContaining({ model: 'gpt-4.1', matched: null, status: 404, outcome: 'complete', faults: [] })]);

    // With a plain .sse loaded, the same request is answered by it.
    const lenient = await serve({ sources });
    expect((await wireRequest(`${lenient.baseUrl}/chat/completions`, { body: JSON.stringify(asked) })).status).toBe(200);
    const none = await serve({ sources: [] });
    const empty = await wireRequest(`${none.baseUrl}/chat/completions`, { body: '{}' });
    expect(JSON.parse(utf8(empty.body)).error.message).toBe(
      'No loaded recording matches this request (model (none), first user message (none)). A Chat Completions recording answers a request to …/chat/completions with the same model and messages. Loaded: nothing.',
    );
  });

  it('says what is wrong with other methods, other paths and bodies that are not JSON', async () => {
    const server = await serve({ sources: [{ label: 'text', recording: scenario('text') }] });
    const get = await wireRequest(`${server.baseUrl}/chat/completions`, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers).toContainEqual(['allow', 'POST']);
    expect(JSON.parse(utf8(get.body)).error.message).toBe('Method GET is not allowed on /v1/chat/completions: the replay answers POST only.');
    const models = await wireRequest(`${server.baseUrl}/models`, { method: 'GET' });
    expect([models.status, JSON.parse(utf8(models.body)).error.message]).toEqual([404, 'Invalid URL (GET /v1/models)']);
    const bad = await wireRequest(`${server.baseUrl}/chat/completions`, { body: '{"model": ' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(utf8(bad.body)).error.message).toMatch(/^We could not parse the JSON body of your request/);
    // Any path ending in /chat/completions is the endpoint (Azure's deployments, a proxy's prefix).
    const azure = await wireRequest(`http://127.0.0.1:${server.port}/openai/deployments/x/chat/completions?api-version=2024-10-21`, { body: requestOf(scenario('text')) });
    expect(azure.status).toBe(200);
    expect(server.requests.map((log) => [log.method, log.path, log.status])).toEqual([
      ['GET', '/v1/chat/completions', 405],
      ['GET', '/v1/models', 404],
      ['POST', '/v1/chat/completions', 400],
      ['POST', '/openai/deployments/x/chat/completions?api-version=2024-10-21', 200],
    ]);
  });
});

describe('requests, logs and the server life cycle', () => {
  it('logs every request it served, through onRequest and in requests', async () => {
    const seen: ReplayRequestLog[] = [];
    const recording = scenario('text');
    const server = await serve({ sources: [{ label: '#3 "hello"', recording }], speed: 0, faults: { dropDone: true }, onRequest: (log) => seen.push(log) });
    const before = Date.now();
    await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
    const plan = planReplay(recording, { speed: 0, faults: { dropDone: true } });
    expect(seen).toEqual(server.requests);
    expect(seen).toEqual([
      {
        id: 1,
        time: expect.any(String),
        method: 'POST',
        path: '/v1/chat/completions',
        model: 'sim-text',
        matched: '#3 "hello"',
        status: 200,
        bytes: concatBytes(plan.writes.map((write) => write.bytes)).length,
        outcome: 'complete',
        faults: [`dropped [DONE] (event ${parseSse(bodyOf(recording)).events.length - 1})`],
        ms: expect.any(Number),
      },
    ]);
    expect(Date.parse(seen[0]!.time)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the latest requests in its log, not every one since it started', async () => {
    const seen: number[] = [];
    const server = await serve({ sources: [{ label: 'text', recording: scenario('text') }], keepRequests: 3, onRequest: (log) => seen.push(log.id) });
    for (let i = 0; i < 8; i++) await wireRequest(`${server.baseUrl}/models`, { method: 'GET' });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(server.requests.length).toBeGreaterThanOrEqual(3);
    expect(server.requests.length).toBeLessThan(6);
    expect(server.requests.map((log) => log.id).slice(-3)).toEqual([6, 7, 8]);
  });

  it('survives a client that leaves mid-stream, logs it, and serves the next one', async () => {
    const recording = scenario('text');
    const server = await serve({ sources: [{ label: 'text', recording }] });
    const left = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording), closeAfterChunks: 3 });
    expect(left.chunks).toHaveLength(3);
    await expect.poll(() => server.requests.length).toBe(1);
    expect(server.requests[0]).toMatchObject({ outcome: 'client-closed', status: 200 });
    expect(server.requests[0]!.bytes).toBeLessThan(bodyOf(recording).length);
    const fast = await serve({ sources: [{ label: 'text', recording }], speed: 0 });
    expect((await wireRequest(`${fast.baseUrl}/chat/completions`, { body: requestOf(recording) })).ending).toBe('complete');
    await server.close();
  });

  it('ends the streams in flight when closed, logs them, and stops listening', async () => {
    const recording = scenario('text');
    // An hour's stall after the first event holds the stream open until the close, however fast the machine.
    const server = await startReplayServer({ sources: [{ label: 'text', recording }], faults: { stalls: [{ beforeEvent: 1, ms: 3_600_000 }] } });
    let firstChunk!: () => void;
    const started = new Promise<void>((resolve) => (firstChunk = resolve));
    const streaming = wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording), onChunk: () => firstChunk() });
    await started;
    await server.close();
    const wire = await streaming;
    expect(wire.ending).toBe('cut');
    expect(wire.body.length).toBeGreaterThan(0);
    expect(server.requests).toEqual([expect.objectContaining({ outcome: 'server-closed' })]);
    await expect(fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow();
    await server.close();
  });

  it('refuses options no replay can honour before listening', async () => {
    await expect(startReplayServer({ sources: [{ label: 'x', recording: scenario('text') }], speed: -2 })).rejects.toThrow(new RangeError('speed must be a number, 0 or more, not -2'));
    await expect(startReplayServer({ sources: [{ label: 'x', recording: scenario('text') }], faults: { cutAfterEvent: -1 } })).rejects.toThrow(RangeError);
  });

  it('never sends a recorded secret header', async () => {
    const base = scenario('text');
    const recording: Recording = {
      ...base,
      request: { ...base.request!, url: 'http://x/v1/chat/completions?api_key=sk-querysecret0123456789', headers: { authorization: 'Bearer sk-proj-requestsecret0123456789' } },
      response: {
        ...base.response!,
        headers: { ...base.response!.headers, 'set-cookie': 'session=cookiesecret0123456789; Path=/', 'x-api-key': 'sk-headersecret0123456789', 'x-auth-token': 'tokensecret0123456789' },
      },
    };
    const server = await serve({ sources: [{ label: 'leaky', recording }], speed: 0 });
    const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
    expect(wire.status).toBe(200);
    const names = wire.headers.map(([name]) => name.toLowerCase());
    for (const secret of ['set-cookie', 'x-api-key', 'x-auth-token', 'authorization']) expect(names).not.toContain(secret);
    const sent = wire.headers.map(([name, value]) => `${name}: ${value}`).join('\n') + latin1(wire.body);
    expect(sent).not.toMatch(/secret0123456789/);
  });

  it('streams to the official openai SDK: the message it assembles is the one inspect reassembles', async () => {
    const recording = scenario('text');
    const server = await serve({ sources: [{ label: 'text', recording }], speed: 0 });
    const body = recording.request!.body as { model: string; messages: OpenAI.ChatCompletionMessageParam[] };
    const client = new OpenAI({ baseURL: server.baseUrl, apiKey: 'sk-replay', maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: body.model, messages: body.messages, stream: true, stream_options: { include_usage: true } });
    let content = '';
    let usage: unknown = null;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    const expected = toContract(analyzeRecording(recording));
    expect(content).toBe(expected.choices[0]!.message.content);
    expect(usage).toEqual(expected.usage);
  });
});

describe('who may use the mock endpoint (serve mode’s and the proxy’s guards)', () => {
  /** A request for the text recording with these headers: its status, its error's message, whether a recording answered. */
  async function asked(headers: Record<string, string>, path = '/chat/completions') {
    const server = await serve({ sources: [{ label: 'text', recording: scenario('text') }], speed: 0 });
    const wire = await wireRequest(`${server.baseUrl}${path}`, { body: requestOf(scenario('text')), headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace('PORT', String(server.port))])) });
    const error = wire.status === 200 ? null : (JSON.parse(utf8(wire.body)) as { error: { message: string } }).error;
    return { status: wire.status, message: error?.message ?? null, answered: latin1(wire.body) === latin1(bodyOf(scenario('text'))), logged: server.requests.map((log) => [log.status, log.matched]) };
  }

  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'LOCALHOST:PORT'])('answers a loopback client that asks for %s', async (host) => {
    expect(await asked({ host })).toEqual({ status: 200, message: null, answered: true, logged: [[200, 'text']] });
  });

  it('refuses a request for another host name (a DNS-rebinding page) with 403 in the dialect’s error shape, and answers nothing recorded', async () => {
    expect(await asked({ host: 'rebind.evil.example' })).toEqual({
      status: 403,
      message: 'Streamscope replay refused: the Host "rebind.evil.example" is not this server\'s (127.0.0.1 or localhost with its port)',
      answered: false,
      logged: [[403, null]],
    });
  });

  it('refuses a request from another site’s page (its Origin), and one its browser marks cross-site or same-site', async () => {
    expect(await asked({ origin: 'https://evil.example' })).toMatchObject({ status: 403, message: 'Streamscope replay refused: requests from "https://evil.example" are not allowed (only this server\'s own pages may call it)', answered: false });
    expect(await asked({ 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 403, message: 'Streamscope replay refused: a "cross-site" request (Sec-Fetch-Site), sent by a web page of another site', answered: false });
    expect(await asked({ 'sec-fetch-site': 'same-site' })).toMatchObject({ status: 403, answered: false });
  });

  it('refuses them before its 404 too, which would list the loaded recordings; Anthropic’s path gets Anthropic’s error shape', async () => {
    const lost = await asked({ host: 'rebind.evil.example:1' }, '/elsewhere');
    expect([lost.status, lost.message, lost.logged]).toEqual([403, 'Streamscope replay refused: the Host "rebind.evil.example:1" is not this server\'s (127.0.0.1 or localhost with its port)', [[403, null]]]);
    const server = await serve({ sources: [{ label: 'text', recording: scenario('text') }], speed: 0 });
    const wire = await wireRequest(`${server.baseUrl}/messages`, { body: '{}', headers: { origin: 'http://evil.example' } });
    expect([wire.status, JSON.parse(utf8(wire.body))]).toEqual([403, { type: 'error', error: { type: 'permission_error', message: 'Streamscope replay refused: requests from "http://evil.example" are not allowed (only this server\'s own pages may call it)' } }]);
  });
});
