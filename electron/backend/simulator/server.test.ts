import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import type { Analysis } from '../../../shared/index.ts';
import { ANSWERS } from './content.ts';
import { modelsOf, startSimulator } from './index.ts';
import type { Simulator, SimulatorRequestLog, SimulatorWrite } from './index.ts';
import { exchange, payloads, toRecording } from './test-helpers.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
});
afterAll(() => sim.close());

const codes = (analysis: Analysis): string[] => analysis.diagnostics.map((diagnostic) => diagnostic.code).sort();

async function post(path: string, body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(sim.url.replace(/\/v1$/, '') + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, json: await response.json() };
}

const until = async (test: () => boolean, ms = 2000): Promise<void> => {
  const end = performance.now() + ms;
  while (!test() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the simulator server', () => {
  it('binds 127.0.0.1 and gives a base URL ending in /v1', () => {
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}/v1`);
    expect(sim.port).toBeGreaterThan(0);
  });

  it('lists every scenario as a sim-<name> model in OpenAI\'s list shape', async () => {
    const list = (await (await fetch(`${sim.url}/models`)).json()) as { data: { id: string }[] };
    expect(list).toEqual({ object: 'list', data: modelsOf('chat-completions').map((id) => ({ id, object: 'model', created: 1770000000, owned_by: 'streamscope-simulator' })) });
    expect(list.data.map((model: { id: string }) => model.id)).toContain('sim-text');
    expect(await (await fetch(`${sim.url}/models/sim-text`)).json()).toEqual({ id: 'sim-text', object: 'model', created: 1770000000, owned_by: 'streamscope-simulator' });
    expect((await fetch(`${sim.url}/models/gpt-4o`)).status).toBe(404);
  });

  it('answers an unknown model with a 404 in OpenAI\'s error shape that lists the scenarios', async () => {
    const { status, json } = await post('/v1/chat/completions', JSON.stringify({ model: 'gpt-4o', stream: true }));
    expect(status).toBe(404);
    expect(json).toEqual({
      error: { message: `The model \`gpt-4o\` does not exist or you do not have access to it. The simulator serves: ${modelsOf('chat-completions').join(', ')}.`, type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
    });
  });

  it('answers a malformed body with a 400 in OpenAI\'s error shape', async () => {
    const bad = await post('/v1/chat/completions', '{"model": "sim-text", ');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: { message: expect.stringContaining('We could not parse the JSON body of your request.'), type: 'invalid_request_error', param: null, code: null } });
    const cases: [Record<string, unknown>, string | null, string][] = [
      [{}, null, 'you must provide a model parameter'],
      [{ model: 'sim-text', n: 0 }, 'n', "Invalid 'n': expected an integer from 1 to 128, got 0."],
      [{ model: 'sim-text', stream_options: { include_usage: true } }, 'stream_options', "The 'stream_options' parameter is only allowed when 'stream' is enabled."],
      [{ model: 'sim-text', stream: 'yes' }, 'stream', "Invalid type for 'stream': expected a boolean, but got a string instead."],
      [{ model: 'sim-text', sim: { speed: 2 } }, 'sim.speed', "Unknown field 'sim.speed'. Known: ttft_ms, tps, jitter, chunks, seed, time_scale, pause_ms, keep_alive_ms, fail_after."],
      [{ model: 'sim-text', sim: { tps: 0 } }, 'sim.tps', "Invalid 'sim.tps': expected a number above 0, at most 1000000, got 0."],
      [{ model: 'sim-text', sim: { chunks: 2.5 } }, 'sim.chunks', "Invalid 'sim.chunks': expected an integer from 1 to 1000000, got 2.5."],
    ];
    for (const [body, param, message] of cases) {
      const { status, json } = await post('/v1/chat/completions', JSON.stringify(body));
      expect([status, (json as { error: { param: unknown; message: string } }).error.param, (json as { error: { message: string } }).error.message]).toEqual([400, param, message]);
    }
  });

  it('serves /chat/completions without /v1 too, and answers other paths with OpenAI\'s Invalid URL 404', async () => {
    expect((await post('/chat/completions', JSON.stringify({ model: 'sim-text' }))).status).toBe(200);
    const other = await fetch(`${sim.url}/embeddings`);
    expect([other.status, await other.json()]).toEqual([404, { error: { message: 'Invalid URL (GET /v1/embeddings)', type: 'invalid_request_error', param: null, code: null } }]);
  });

  it('sends a usage chunk only when include_usage asks: usage: null on every chunk, then choices: [] with usage just before [DONE]', async () => {
    const without = await exchange(sim.url, { model: 'sim-text' });
    expect(without.text).not.toContain('"usage"');
    const asked = await exchange(sim.url, { model: 'sim-text', stream_options: { include_usage: true } });
    const chunks = payloads(asked.text) as Record<string, unknown>[];
    expect(chunks.at(-1)).toBe('[DONE]');
    const usageChunk = chunks.at(-2)!;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({
      prompt_tokens: 14,
      completion_tokens: 60,
      total_tokens: 74,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    });
    expect(chunks.slice(0, -2).every((chunk) => chunk.usage === null)).toBe(true);
    expect(codes(analyzeRecording(toRecording(asked)))).toEqual(['obfuscation', 'usage-chunk']);
    expect(codes(analyzeRecording(toRecording(await exchange(sim.url, { model: 'sim-reasoning', stream_options: { include_usage: true } }))))).toEqual(['obfuscation', 'usage-chunk']);
  });

  it('pads every chunk with obfuscation unless include_obfuscation is false; a clean stream then yields no diagnostic at all (the interleaved calls an info note)', async () => {
    const padded = payloads((await exchange(sim.url, { model: 'sim-text', stream_options: { include_usage: true } })).text).slice(0, -1) as Record<string, unknown>[];
    expect(padded.every((chunk) => typeof chunk.obfuscation === 'string')).toBe(true);
    // As OpenAI does: a short text delta and its padding make 10 characters.
    const short = padded.find((chunk) => JSON.stringify(chunk).includes('"content":" sends"'))!;
    expect((short.obfuscation as string).length).toBe(4);
    for (const model of ['sim-text', 'sim-reasoning', 'sim-tool-call', 'sim-parallel-tool-calls', 'sim-n-choices', 'sim-crlf', 'sim-large']) {
      const plain = await exchange(sim.url, { model, stream_options: { include_obfuscation: false } });
      expect(plain.text).not.toContain('obfuscation');
      expect([model, codes(analyzeRecording(toRecording(plain)))]).toEqual([model, model === 'sim-parallel-tool-calls' ? ['tool-calls-interleaved'] : []]);
    }
  });

  it('gives byte-identical bodies for the same seed, and other bytes for another seed', async () => {
    const body = { model: 'sim-parallel-tool-calls', stream_options: { include_usage: true } };
    const first = await exchange(sim.url, body);
    expect((await exchange(sim.url, body)).text).toBe(first.text);
    const again = await startSimulator({ timeScale: 0, seed: 1 });
    const other = await startSimulator({ timeScale: 0, seed: 2 });
    try {
      expect((await exchange(again.url, body)).text).toBe(first.text);
      expect((await exchange(other.url, body)).text).not.toBe(first.text);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
    const seeded = (await exchange(sim.url, { ...body, seed: 7 })).text;
    expect(seeded).not.toBe(first.text);
    expect((await exchange(sim.url, { ...body, sim: { seed: 7 } })).text).toBe(seeded);
  });

  it('answers stream: false with the reassembled chat.completion, equal to what the core rebuilds from the stream', async () => {
    for (const model of ['sim-text', 'sim-refusal', 'sim-parallel-tool-calls', 'sim-reasoning']) {
      const response = await fetch(`${sim.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model, n: 2 }) });
      expect(response.headers.get('content-type')).toBe('application/json');
      const completion = (await response.json()) as { object: string; id: string; choices: { index: number; message: Record<string, unknown>; finish_reason: string }[] };
      const streamed = analyzeRecording(toRecording(await exchange(sim.url, { model, n: 2 })));
      expect(completion.object).toBe('chat.completion');
      expect(completion.id).toBe(streamed.identity.id);
      expect(
        completion.choices.map((choice) => ({
          index: choice.index,
          content: choice.message.content,
          refusal: choice.message.refusal,
          reasoning: choice.message.reasoning_content ?? null,
          tools: (choice.message.tool_calls as { id: string; function: unknown }[] | undefined)?.map((call) => [call.id, call.function]) ?? null,
          finish: choice.finish_reason,
        })),
      ).toEqual(
        streamed.choices.map((choice) => ({
          index: choice.index,
          content: choice.message.content,
          refusal: choice.message.refusal,
          reasoning: choice.message.reasoning_content,
          tools: choice.message.tool_calls?.map((call) => [call.id, call.function]) ?? null,
          finish: choice.finish_reason,
        })),
      );
    }
  });

  it('shapes a stream from the request\'s sim field: chunks sets the number of content chunks', async () => {
    const analysis = analyzeRecording(toRecording(await exchange(sim.url, { model: 'sim-text', sim: { chunks: 500 } })));
    expect(analysis.events.filter((event) => event.interpretation.kind === 'content')).toHaveLength(500);
    expect(codes(analysis)).toEqual(['obfuscation']);
    expect(analysis.choices[0]!.message.content).not.toBe(ANSWERS[0]);
  });
});

describe('the simulator with a stream in flight', () => {
  it('close() ends open connections promptly: the client sees the body fail', async () => {
    const slow = await startSimulator({ timeScale: 1 });
    const response = await fetch(`${slow.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'sim-large', stream: true }) });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"role":"assistant"');
    const started = performance.now();
    await slow.close();
    expect(performance.now() - started).toBeLessThan(500);
    await expect(async () => {
      while (!(await reader.read()).done);
    }).rejects.toThrow('terminated');
    await slow.close();
  });

  it('stops writing and clears its timers when the client disconnects mid-stream', async () => {
    const writes: SimulatorWrite[] = [];
    const logs: SimulatorRequestLog[] = [];
    const slow = await startSimulator({ timeScale: 1, onWrite: (info) => writes.push(info), onRequest: (info) => logs.push(info) });
    try {
      const controller = new AbortController();
      const response = await fetch(`${slow.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'sim-text', stream: true, sim: { ttft_ms: 5, tps: 200 } }), signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      await reader.read();
      controller.abort();
      await until(() => logs.length === 1);
      expect(logs).toEqual([{ requestId: 'req_sim_000001', method: 'POST', path: '/v1/chat/completions', model: 'sim-text', status: 200, stream: true, finished: false, ms: expect.any(Number) }]);
      const count = writes.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(writes.length).toBe(count);
      expect(count).toBeLessThan(20);
      expect(writes.every((write) => write.requestId === 'req_sim_000001' && write.scenario === 'text')).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

describe('the simulator in real time', () => {
  let live: Simulator;
  const writes: SimulatorWrite[] = [];
  beforeAll(async () => {
    live = await startSimulator({ timeScale: 1, onWrite: (info) => writes.push(info) });
  });
  afterAll(() => live.close());

  const timed = async (model: string, body: Record<string, unknown>, idleGapMs?: number) => {
    const result = await exchange(live.url, { model, ...body });
    return { result, analysis: analyzeRecording(toRecording(result, true), idleGapMs === undefined ? {} : { idleGapMs }) };
  };

  it('paces a stream as sim asks: the first token after ttft_ms, then tps tokens a second, each event in its own write', async () => {
    writes.length = 0;
    const { result, analysis } = await timed('sim-text', { stream_options: { include_usage: true }, sim: { ttft_ms: 150, tps: 200, jitter: 0, chunks: 40 } });
    const metrics = analysis.metrics!;
    expect(metrics.ttft_ms).toBeGreaterThanOrEqual(150);
    expect(metrics.ttft_ms).toBeLessThan(450);
    // Waits are scheduled from the start, so late timers do not add up (5.0 ms on an idle
    // machine; the margin is for a loaded one: a stall of 250 ms over the 39 gaps stays under it).
    expect(metrics.tpot_ms).toBeGreaterThan(4.5);
    expect(metrics.tpot_ms).toBeLessThan(12);
    expect(codes(analysis)).toEqual(['obfuscation', 'usage-chunk']);
    const events = analysis.events.length;
    expect(writes).toHaveLength(events);
    expect(writes.reduce((sum, write) => sum + write.bytes, 0)).toBe(result.body.length);
    expect(writes.every((write, index) => index === 0 || write.t >= writes[index - 1]!.t)).toBe(true);
    // On loopback with Nagle off, a reader sees (almost always) one event per read.
    expect(result.reads.length).toBeGreaterThanOrEqual(events - 4);
  });

  it('scales every wait with time_scale', async () => {
    const start = performance.now();
    await timed('sim-text', { sim: { ttft_ms: 2000, tps: 20, jitter: 0, chunks: 20, time_scale: 0.05 } });
    const elapsed = performance.now() - start;
    // 2,000 ms + 20 tokens at 50 ms, at a twentieth: about 150 ms.
    expect(elapsed).toBeGreaterThan(140);
    expect(elapsed).toBeLessThan(400);
  });

  it('buffered holds the whole stream back and sends it in one write: buffered-delivery; the same stream paced does not fire it', async () => {
    writes.length = 0;
    const shape = { sim: { ttft_ms: 150, tps: 500 } };
    const held = await timed('sim-buffered', shape);
    expect(writes).toHaveLength(1);
    expect(codes(held.analysis)).toEqual(['buffered-delivery', 'obfuscation']);
    expect(held.analysis.choices[0]!.message.content).toBe(ANSWERS[0]);
    const paced = await timed('sim-text', shape);
    expect(codes(paced.analysis)).toEqual(['obfuscation']);
  });

  it('long-silence trips idle-gap; keep-alive, with comments through the same pause, does not', async () => {
    // The pause shortened to 500 ms, the idle threshold to 300 ms (10 s and 12 s at the defaults).
    const shape = { sim: { ttft_ms: 20, tps: 500, pause_ms: 500, keep_alive_ms: 100 } };
    const silent = await timed('sim-long-silence', shape, 300);
    expect(codes(silent.analysis)).toEqual(['idle-gap', 'obfuscation']);
    const kept = await timed('sim-keep-alive', shape, 300);
    expect(codes(kept.analysis)).toEqual(['comment', 'obfuscation']);
    expect(kept.result.text.match(/: keep-alive/g)).toHaveLength(4);
  });

  it('connection-drop ends the recording with a connection error, after the chunks written before it', async () => {
    const { result, analysis } = await timed('sim-connection-drop', { sim: { ttft_ms: 10, tps: 500 } });
    expect(result.failure).toBe('terminated');
    expect(codes(analysis)).toEqual(['connection-error', 'missing-finish-reason', 'no-done', 'obfuscation']);
    expect(analysis.choices[0]!.message.content).toBe('Streaming sends each token as soon as');
  });
});
