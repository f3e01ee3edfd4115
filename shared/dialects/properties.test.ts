// Property tests (fast-check), over every registered dialect and the raw reading: no input makes
// a dialect throw — random bytes, random events of each dialect's types, and clean
// streams broken at random (events dropped, repeated, swapped, fields replaced by any JSON) —;
// however the body is split into reads the result is the same; a delta read from a template
// reads as in full; and a fork at any event ends where the straight fold ends.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../framing/sse/parser.ts';
import { splitAt } from '../test/streams.ts';
import { messages } from './anthropic/index.ts';
import { interpretInFull as messagesInFull } from './anthropic/interpret.ts';
import { responses } from './responses/index.ts';
import { interpretInFull as responsesInFull } from './responses/interpret.ts';
import { raw } from './raw.ts';
import { REGISTERED_DIALECTS } from './registry.ts';
import { runDialect } from './run.ts';
import { messagesStream, responsesStream } from './streams.test-support.ts';
import type { MessagesBlockSpec, ResponsesItemSpec } from './streams.test-support.ts';
import type { Dialect, DialectInterpretation } from './types.ts';

type Json = Record<string, unknown>;
type AnyDialect = Dialect<DialectInterpretation, unknown, unknown>;
// Every registered dialect, and the raw reading of a stream no dialect claims.
const DIALECTS: readonly [string, AnyDialect][] = [...REGISTERED_DIALECTS.map((dialect): [string, AnyDialect] => [dialect.protocol, dialect]), ['raw', raw]];

const encode = (text: string) => new TextEncoder().encode(text);

/** Everything a dialect offers, run over a body: nothing may throw. */
function everything(dialect: AnyDialect, body: Uint8Array | Uint8Array[], ended = true) {
  const { events } = parseSse(body);
  const result = runDialect(dialect, events, { ended });
  const annotations = result.events.map((event) => dialect.annotate(event.sse, event.interpretation, { maxText: 20 }));
  return { final: result.final, usage: result.usage, diagnostics: result.diagnostics, firstToken: result.firstToken, annotations };
}

const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('', '\\', '"', '}', ' }', '\n', '😀', '{"a":', 'é'));
const anyJson = fc.jsonValue({ maxDepth: 2 });
const index = fc.oneof(fc.nat(3), fc.constantFrom(-1, 1.5, '0', null));

const responsesItemSpec: fc.Arbitrary<ResponsesItemSpec> = fc.oneof(
  fc.record({ type: fc.constant('message' as const), text: fc.option(fc.array(text, { maxLength: 4 }), { nil: undefined }), refusal: fc.option(fc.array(text, { maxLength: 2 }), { nil: undefined }) }),
  fc.record({ type: fc.constant('function_call' as const), name: fc.constantFrom('f', 'g'), args: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('reasoning' as const), summary: fc.array(fc.array(text, { maxLength: 3 }), { maxLength: 2 }), content: fc.option(fc.array(fc.array(text, { maxLength: 2 }), { maxLength: 2 }), { nil: undefined }) }),
  fc.record({ type: fc.constant('web_search_call' as const) }),
);

const messagesBlockSpec: fc.Arbitrary<MessagesBlockSpec> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('tool_use' as const), name: fc.constantFrom('f', 'g'), json: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('thinking' as const), thinking: fc.array(text, { maxLength: 3 }), signature: fc.string({ maxLength: 4 }) }),
  fc.record({ type: fc.constant('redacted_thinking' as const), data: fc.string({ maxLength: 4 }) }),
);

/** A clean stream broken at random: events dropped, repeated, swapped, or a member set to any JSON. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), key: fc.constantFrom('type', 'delta', 'item_id', 'output_index', 'content_index', 'sequence_number', 'index', 'item', 'part', 'response', 'message', 'content_block', 'usage', 'text'), value: anyJson }),
);

type Mutation = { readonly kind: 'drop' | 'repeat' | 'swap' | 'set'; readonly at: number; readonly key?: string; readonly value?: unknown };

function mutate(events: Json[], mutations: readonly Mutation[]): Json[] {
  const out = events.slice();
  for (const change of mutations) {
    if (out.length === 0) break;
    const at = change.at % out.length;
    if (change.kind === 'drop') out.splice(at, 1);
    else if (change.kind === 'repeat') out.splice(at, 0, out[at]!);
    else if (change.kind === 'swap' && at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1]!, out[at]!];
    else if (change.kind === 'set') out[at] = { ...out[at]!, [change.key!]: change.value };
  }
  return out;
}

/** Event names: the type (as servers send), none (data-only), or another name. */
const naming = fc.constantFrom('type', 'none', 'other');
function body(events: readonly Json[], names: readonly string[], extras: readonly string[]): string {
  return events
    .map((event, at) => {
      const name = names[at % Math.max(1, names.length)] ?? 'type';
      const line = name === 'none' ? '' : `event: ${name === 'type' ? String(event.type) : 'ping'}\n`;
      return `${line}data: ${JSON.stringify(event)}\n\n${extras[at] ?? ''}`;
    })
    .join('');
}
const extra = fc.constantFrom('', '', '', ': keep-alive\n\n', 'data: [DONE]\n\n', 'data: {oops\n\n', 'event: ping\n\n', 'data: 5\n\n', 'data: {"type":"error","error":{"message":"x"}}\n\n');

const responsesBody = fc
  .tuple(fc.array(responsesItemSpec, { maxLength: 4 }), fc.constantFrom('response.completed', 'response.incomplete', 'response.failed', null), fc.array(mutation, { maxLength: 4 }), fc.array(naming, { maxLength: 3 }), fc.array(extra, { maxLength: 6 }))
  .map(([items, terminal, mutations, names, extras]) => body(mutate(responsesStream(items, { terminal }), mutations), names, extras));

const messagesBody = fc
  .tuple(fc.array(messagesBlockSpec, { maxLength: 4 }), fc.constantFrom('end_turn', 'max_tokens', 'tool_use', 'refusal'), fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }), fc.array(mutation, { maxLength: 4 }), fc.array(naming, { maxLength: 3 }), fc.array(extra, { maxLength: 6 }))
  .map(([blocks, stopReason, outputTokens, mutations, names, extras]) => body(mutate(messagesStream(blocks, { stopReason, outputTokens }), mutations), names, extras));

/** Events of any of a dialect's types with members of any value. */
const RESPONSES_TYPES = ['response.created', 'response.in_progress', 'response.completed', 'response.failed', 'response.output_item.added', 'response.output_item.done', 'response.content_part.added', 'response.content_part.done', 'response.output_text.delta', 'response.output_text.done', 'response.refusal.delta', 'response.function_call_arguments.delta', 'response.function_call_arguments.done', 'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta', 'response.reasoning_text.delta', 'response.output_text.annotation.added', 'response.web_search_call.searching', 'response.custom_tool_call_input.delta', 'error', 'keepalive', 'response.other'];
const MESSAGES_TYPES = ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error', 'other'];
const looseEvent = (types: readonly string[]) =>
  fc.record(
    {
      type: fc.constantFrom(...types),
      item_id: fc.constantFrom('me_0', 'fu_0', 're_0', 'x', ''),
      output_index: index,
      content_index: index,
      summary_index: index,
      index,
      sequence_number: fc.oneof(fc.nat(30), anyJson),
      delta: fc.oneof(text, anyJson, fc.record({ type: fc.constantFrom('text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta', 'citations_delta', 'x'), text, partial_json: text, thinking: text, signature: text, citation: anyJson })),
      item: fc.oneof(anyJson, fc.record({ type: fc.constantFrom('message', 'function_call', 'reasoning', 'x'), id: fc.constantFrom('me_0', 'fu_0', 're_0'), content: anyJson, summary: anyJson, arguments: text })),
      part: fc.oneof(anyJson, fc.record({ type: fc.constantFrom('output_text', 'refusal', 'summary_text', 'reasoning_text'), text, refusal: text })),
      response: fc.oneof(anyJson, fc.record({ id: fc.string(), status: fc.string(), output: anyJson, usage: anyJson, error: anyJson, incomplete_details: anyJson, output_text: anyJson })),
      message: fc.oneof(anyJson, fc.record({ id: fc.string(), content: anyJson, usage: anyJson })),
      content_block: fc.oneof(anyJson, fc.record({ type: fc.constantFrom('text', 'tool_use', 'thinking', 'server_tool_use', 'x'), text: anyJson, input: anyJson, thinking: anyJson, citations: anyJson })),
      usage: anyJson,
      text: anyJson,
      arguments: anyJson,
      annotation_index: index,
      error: anyJson,
    },
    { requiredKeys: ['type'] },
  );
const looseBody = (types: readonly string[]) => fc.tuple(fc.array(looseEvent(types), { maxLength: 25 }), fc.array(naming, { maxLength: 3 }), fc.array(extra, { maxLength: 6 })).map(([events, names, extras]) => body(events, names, extras));

describe.each(DIALECTS)('the %s dialect', (_name, dialect) => {
  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        everything(dialect, bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random lines of SSE with JSON of any shape', () => {
    const line = fc.oneof(fc.constantFrom('', ':', 'event: ping', 'event: message_start', 'event: error', 'data: [DONE]', 'data: {"type":'), anyJson.map((json) => `data: ${JSON.stringify(json)}`), fc.string().map((s) => `data: ${s}`));
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 30 }), (lines) => {
        everything(dialect, encode(lines.map(([l, ending]) => l + ending).join('')));
      }),
      { numRuns: 300 },
    );
  });
});

describe.each([
  ['responses', responses as unknown as AnyDialect, responsesBody, RESPONSES_TYPES, responsesInFull as (event: never) => unknown],
  ['anthropic-messages', messages as unknown as AnyDialect, messagesBody, MESSAGES_TYPES, messagesInFull as (event: never) => unknown],
] as const)('%s streams', (_name, dialect, brokenBody, types, inFull) => {
  it('never make it throw, broken at random or made of random events', () => {
    fc.assert(
      fc.property(fc.oneof(brokenBody, looseBody(types)), fc.boolean(), (text, ended) => {
        everything(dialect, encode(text), ended);
      }),
      { numRuns: 400 },
    );
  });

  it('give the same result however the body is split into reads', () => {
    fc.assert(
      fc.property(brokenBody, fc.array(fc.nat(4096), { maxLength: 12 }), (text, cuts) => {
        const whole = encode(text);
        expect(everything(dialect, splitAt(whole, cuts.map((cut) => cut % (whole.length + 1))))).toEqual(everything(dialect, whole));
      }),
      { numRuns: 150 },
    );
  });

  it('read every event from a template exactly as in full', () => {
    fc.assert(
      fc.property(fc.oneof(brokenBody, looseBody(types)), (text) => {
        for (const event of parseSse(encode(text)).events) expect(dialect.interpret(event)).toEqual(inFull(event as never));
      }),
      { numRuns: 300 },
    );
  });

  it('end in the same state from a fork at any event', () => {
    fc.assert(
      fc.property(brokenBody, fc.nat(), (text, at) => {
        const { events } = parseSse(encode(text));
        const cut = at % (events.length + 1);
        const accumulator = dialect.createAccumulator();
        const interpretations = events.map((event) => dialect.interpret(event));
        interpretations.slice(0, cut).forEach((interpretation, i) => accumulator.apply(i, interpretation));
        const forked = accumulator.fork();
        interpretations.slice(cut).forEach((interpretation, i) => forked.apply(cut + i, interpretation));
        const straight = dialect.createAccumulator();
        interpretations.forEach((interpretation, i) => straight.apply(i, interpretation));
        expect(dialect.final(forked.state)).toEqual(dialect.final(straight.state));
        const context = { recording: { source: 'sse' as const, startedAt: null, request: null, response: null, reads: [], end: null }, events: [], ended: true };
        expect(dialect.diagnose({ ...context, state: forked.state })).toEqual(dialect.diagnose({ ...context, state: straight.state }));
      }),
      { numRuns: 150 },
    );
  });
});
