// Streams broken at random, for the samples of the event-typed dialects (Responses, Anthropic
// Messages; their samples.test-support.ts): a clean stream with events dropped, repeated, swapped
// or a member set to any JSON, named as servers name them or not, with stray events between; and
// bodies of random events of a dialect's types with members of any value.

import fc from 'fast-check';

type Json = Record<string, unknown>;

export const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('', '\\', '"', '}', ' }', '\n', '😀', '{"a":', 'é'));
export const anyJson = fc.jsonValue({ maxDepth: 2 });
const index = fc.oneof(fc.nat(3), fc.constantFrom(-1, 1.5, '0', null));

type Mutation = { readonly kind: 'drop' | 'repeat' | 'swap' | 'set'; readonly at: number; readonly key?: string; readonly value?: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), key: fc.constantFrom('type', 'delta', 'item_id', 'output_index', 'content_index', 'sequence_number', 'index', 'item', 'part', 'response', 'message', 'content_block', 'usage', 'text'), value: anyJson }),
);

function mutate(events: readonly Json[], mutations: readonly Mutation[]): Json[] {
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
const extra = fc.constantFrom('', '', '', ': keep-alive\n\n', 'data: [DONE]\n\n', 'data: {oops\n\n', 'event: ping\n\n', 'data: 5\n\n', 'data: {"type":"error","error":{"message":"x"}}\n\n');

function body(events: readonly Json[], names: readonly string[], extras: readonly string[]): string {
  return events
    .map((event, at) => {
      const name = names[at % Math.max(1, names.length)] ?? 'type';
      const line = name === 'none' ? '' : `event: ${name === 'type' ? String(event.type) : 'ping'}\n`;
      return `${line}data: ${JSON.stringify(event)}\n\n${extras[at] ?? ''}`;
    })
    .join('');
}

/** Clean streams (their events) broken at random: events dropped, repeated, swapped, or a member set to any JSON. */
export function brokenBody(clean: fc.Arbitrary<readonly Json[]>): fc.Arbitrary<string> {
  return fc.tuple(clean, fc.array(mutation, { maxLength: 4 }), fc.array(naming, { maxLength: 3 }), fc.array(extra, { maxLength: 6 })).map(([events, mutations, names, extras]) => body(mutate(events, mutations), names, extras));
}

/** Events of any of a dialect's types with members of any value. */
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

/** Bodies of random events of these types, named or not, with stray events between. */
export function looseBody(types: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.array(looseEvent(types), { maxLength: 25 }), fc.array(naming, { maxLength: 3 }), fc.array(extra, { maxLength: 6 })).map(([events, names, extras]) => body(events, names, extras));
}
