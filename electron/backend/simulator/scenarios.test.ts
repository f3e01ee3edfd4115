// The one scenario table and the simulator's dialects; the Responses and
// Messages scenarios as a list (documented, named, each in the dialects it
// says), the pieces they are built of (turn.ts, wire.ts), and their pacing in
// real time.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOLS, descriptorOf } from '../../../shared/dialects/registry.ts';
import { simulatorDialectAt } from './dialects.ts';
import { SCENARIOS as TABLE, descriptionIn, findScenario, modelsOf, scenariosOf, showsIn } from './scenarios.ts';
import { startSimulator } from './index.ts';
import type { Simulator, SimulatorWrite } from './index.ts';
import { exchangeAt, sseEvents } from './test-helpers.ts';
import { keepTokens, turnOf } from './turn.ts';
import type { Block } from './turn.ts';
import { eventsBefore } from './wire.ts';
import type { WireEvent } from './wire.ts';

describe('the scenario table', () => {
  it('names each scenario once, and says what it shows only in the dialects it applies to', () => {
    expect(new Set(TABLE.map((scenario) => scenario.name)).size).toBe(TABLE.length);
    for (const scenario of TABLE) {
      for (const protocol of [...Object.keys(scenario.shows), ...Object.keys(scenario.wording ?? {})]) expect([scenario.name, scenario.dialects.includes(protocol as never)]).toEqual([scenario.name, true]);
    }
  });

  it('gives every registered dialect a simulator dialect at its request path, with and without /v1', () => {
    for (const protocol of PROTOCOLS) {
      expect(simulatorDialectAt(descriptorOf(protocol).path)?.protocol).toBe(protocol);
      expect(simulatorDialectAt(descriptorOf(protocol).pathEnding)?.protocol).toBe(protocol);
    }
    expect(simulatorDialectAt('/v1/embeddings')).toBeUndefined();
  });

  it('finds a scenario only in the dialects it applies to', () => {
    expect(findScenario('chat-completions', 'sim-n-choices')?.name).toBe('n-choices');
    expect(findScenario('responses', 'sim-n-choices')).toBeUndefined();
    expect(findScenario('anthropic-messages', 'sim-keep-alive')?.name).toBe('keep-alive');
    expect(findScenario('responses', 'sim-keep-alive')).toBeUndefined();
  });

  it('lists the scenarios of a dialect, or of any of several, in the order of the table', () => {
    expect(scenariosOf('chat-completions', 'responses', 'anthropic-messages')).toEqual(TABLE);
    expect(scenariosOf('responses', 'anthropic-messages').map((scenario) => scenario.name)).toEqual(TABLE.filter((scenario) => scenario.dialects.some((protocol) => protocol !== 'chat-completions')).map((scenario) => scenario.name));
    expect(modelsOf('anthropic-messages')).toEqual(scenariosOf('anthropic-messages').map((scenario) => `sim-${scenario.name}`));
    expect(showsIn(findScenario('anthropic-messages', 'sim-refusal')!, 'anthropic-messages')).toEqual(['stop-refusal']);
    expect(showsIn(findScenario('responses', 'sim-text')!, 'responses')).toEqual([]);
  });
});

describe('the dialect scenarios', () => {
  it('have kebab-case names and one-line descriptions in each dialect they run in', () => {
    for (const scenario of TABLE) {
      expect(scenario.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(scenario.dialects.length).toBeGreaterThan(0);
      for (const protocol of scenario.dialects) expect(descriptionIn(scenario, protocol)).not.toContain('\n');
    }
  });

  it('cover what issue 19 asks of each dialect, with the Chat Completions names where they mean the same', () => {
    const both = ['text', 'parallel-tool-calls', 'reasoning', 'refusal', 'length', 'stream-error', 'cut-before-end'];
    for (const protocol of ['responses', 'anthropic-messages'] as const) for (const name of both) expect(findScenario(protocol, `sim-${name}`)?.name).toBe(name);
    expect(modelsOf('responses')).toContain('sim-sequence-gap');
    expect(modelsOf('anthropic-messages')).not.toContain('sim-sequence-gap');
    // Gemini plays them all but a refusal (it has none) and the large answer.
    // Bedrock ConverseStream too, but CRLF (its frames have no lines).
    for (const name of ['text', 'reasoning', 'tool-call', 'parallel-tool-calls', 'length', 'stream-error', 'connection-drop', 'long-silence', 'buffered', 'invalid-json', 'json-response', 'rate-limit', 'server-error']) {
      expect([name, TABLE.find((scenario) => scenario.name === name)?.dialects]).toEqual([name, ['chat-completions', 'responses', 'anthropic-messages', 'gemini', 'bedrock-converse']]);
    }
    expect(TABLE.find((scenario) => scenario.name === 'crlf')?.dialects).toEqual(['chat-completions', 'responses', 'anthropic-messages', 'gemini']);
    expect(TABLE.find((scenario) => scenario.name === 'cut-before-end')?.dialects).toEqual(['responses', 'anthropic-messages', 'gemini', 'bedrock-converse']);
    for (const name of ['refusal', 'large']) {
      expect([name, TABLE.find((scenario) => scenario.name === name)?.dialects]).toEqual([name, ['chat-completions', 'responses', 'anthropic-messages']]);
    }
    expect(findScenario('responses', 'sim-n-choices')).toBeUndefined();
    expect(findScenario('anthropic-messages', 'gpt-4o')).toBeUndefined();
  });

  it('are documented in docs/simulator.md with their description and the diagnostics each dialect shows', () => {
    const all = readFileSync(new URL('../../../docs/simulator.md', import.meta.url), 'utf8');
    // Their own section: some share a description with a Chat Completions scenario.
    const doc = all.slice(all.indexOf('## Responses and Messages'));
    for (const scenario of scenariosOf('responses', 'anthropic-messages')) {
      const described = descriptionIn(scenario, scenario.dialects.find((protocol) => protocol !== 'chat-completions')!);
      const row = doc.split('\n').find((line) => line.startsWith(`| \`sim-${scenario.name}\` | ${described} |`));
      expect([scenario.name, row !== undefined]).toEqual([scenario.name, true]);
      const [, , responses, messages] = row!.slice(2, -2).split(' | ');
      for (const [protocol, cell] of [['responses', responses], ['anthropic-messages', messages]] as const) {
        if (!scenario.dialects.includes(protocol)) expect([scenario.name, protocol, cell]).toEqual([scenario.name, protocol, '—']);
        for (const code of showsIn(scenario, protocol)) expect(cell).toContain(`\`${code}\``);
      }
    }
  });
});

describe('turns and wire events', () => {
  const blocks: Block[] = [
    { kind: 'reasoning', pieces: ['a', 'b'] },
    { kind: 'text', pieces: ['c', 'd', 'e'] },
  ];

  it('cut a turn at a token limit inside the block where it falls, and say whether anything was lost', () => {
    expect(keepTokens(blocks, 3)).toEqual({ blocks: [blocks[0], { kind: 'text', pieces: ['c'] }], cut: true });
    expect(keepTokens(blocks, 2)).toEqual({ blocks: [blocks[0]], cut: true });
    expect(keepTokens(blocks, 5)).toEqual({ blocks, cut: false });
    expect(turnOf(blocks, null)).toEqual({ blocks, truncated: false, fault: null });
    expect(turnOf(blocks, 4, { kind: 'cut' })).toEqual({ blocks: [blocks[0], { kind: 'text', pieces: ['c', 'd'] }], truncated: true, fault: { kind: 'cut' } });
  });

  it('place "after N tokens" right after the event that brings the count to N (before the first token for 0)', () => {
    const event = (tokens: number): WireEvent => ({ event: 'x', data: '{}', pace: 'quick', tokens });
    const events = [event(0), event(0), event(1), event(1), event(0), event(1)];
    expect([0, 1, 2, 3, 4].map((after) => eventsBefore(events, after))).toEqual([2, 3, 4, 6, 6]);
  });
});

describe('the dialects in real time', () => {
  let live: Simulator;
  const writes: SimulatorWrite[] = [];
  beforeAll(async () => {
    live = await startSimulator({ timeScale: 1, onWrite: (info) => writes.push(info) });
  });
  afterAll(() => live.close());

  const bodies = {
    responses: (model: string, sim: Record<string, unknown>) => ({ model, stream: true, input: 'Hi', sim }),
    messages: (model: string, sim: Record<string, unknown>) => ({ model, stream: true, max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }], sim }),
  };
  const firstDelta = { responses: 'response.output_text.delta', messages: 'content_block_delta' };

  it.each(['responses', 'messages'] as const)('%s: paces a stream as sim asks, the first delta after ttft_ms, then tps deltas a second, each event in its own write', async (dialect) => {
    writes.length = 0;
    const result = await exchangeAt(`${live.url}/${dialect}`, bodies[dialect]('sim-text', { ttft_ms: 150, tps: 200, jitter: 0, chunks: 40 }));
    const deltaReads = result.reads.filter((read) => new TextDecoder().decode(read.bytes).includes(firstDelta[dialect]));
    expect(deltaReads[0]!.t).toBeGreaterThanOrEqual(150);
    expect(deltaReads[0]!.t).toBeLessThan(450);
    // Waits are scheduled from the start, so nothing comes early: the 40th delta is due at
    // 150 + 39 × 5 ms (a loaded machine can only make it late, hence the loose upper bound).
    expect(deltaReads.at(-1)!.t).toBeGreaterThanOrEqual(345);
    expect(deltaReads.at(-1)!.t).toBeLessThan(600);
    expect(writes).toHaveLength(sseEvents(result.text).length);
    expect(writes.every((write) => write.scenario === 'text')).toBe(true);
    expect(result.reads.length).toBeGreaterThanOrEqual(writes.length - 4);
  });

  it.each(['responses', 'messages'] as const)('%s: long-silence pauses mid-stream; buffered sends the whole stream in one write', async (dialect) => {
    const silent = await exchangeAt(`${live.url}/${dialect}`, bodies[dialect]('sim-long-silence', { ttft_ms: 20, tps: 500, pause_ms: 300 }));
    const gaps = silent.reads.slice(1).map((read, index) => read.t - silent.reads[index]!.t);
    // Waits are scheduled from the start, so the stream spans the pause however late its writes were.
    expect(silent.reads.at(-1)!.t - silent.reads[0]!.t).toBeGreaterThanOrEqual(299);
    // A write late by L before the pause shortens the pause's gap to 300 − L but is a gap of L
    // itself: one of the two is half the pause at least, on however loaded a machine.
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(150);
    writes.length = 0;
    const held = await exchangeAt(`${live.url}/${dialect}`, bodies[dialect]('sim-buffered', { ttft_ms: 20, tps: 500 }));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.bytes).toBe(held.body.length);
  });

  it('messages: keep-alive sends pings through the pause, so no gap is as long as the pause', async () => {
    const kept = await exchangeAt(`${live.url}/messages`, bodies.messages('sim-keep-alive', { ttft_ms: 20, tps: 500, pause_ms: 300, keep_alive_ms: 100 }));
    const gaps = kept.reads.slice(1).map((read, index) => read.t - kept.reads[index]!.t);
    expect(Math.max(...gaps)).toBeLessThan(200);
    expect(sseEvents(kept.text).filter((event) => event.event === 'ping')).toHaveLength(3);
  });
});
