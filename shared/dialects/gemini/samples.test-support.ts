// What the Gemini dialect brings to the dialect suite (dialect.suite.ts): the real streams of
// shared/test/fixtures/gemini/ (SOURCES.md there says where each came from), as wire bytes — the
// `.sse` files as they are; the `.chunks.txt` payload lines framed as Gemini frames them,
// `data: LINE\r\n\r\n`; the two non-streamed `.response.json` objects as the one event a streamed
// request blocked the same way carries — and bodies broken at random: real streams with events
// dropped, repeated, swapped or a member set to any JSON, and streams of random events of every
// part type. The test reads the files and hands their bytes in, as this file stays pure.
//
// properties.test.ts runs the suite over it (`samples`, a FolderSamples).

import fc from 'fast-check';
import type { DialectSamples, FolderSamples, SampleBody } from '../dialect.suite.ts';
import { gemini } from './index.ts';
import { anyJson, text } from '../kit/broken-streams.test-support.ts';

const encode = (body: string) => new TextEncoder().encode(body);

/** The corpus's files that are streams (or stand for one), by name. */
export const GEMINI_FIXTURES = [
  'gemini3pro-function-call-thought-signature.sse',
  'gemini3pro-text-after-tool-prompt-tokens-jump.sse',
  'gemini25pro-thought-parts-signature-on-text.sse',
  'gemini20flashexp-text-no-index-prompt-tokens-drop.sse',
  'gemini20flash-function-call-single-event.sse',
  'gemini20flash-text-after-tools-prompt-tokens-drop.sse',
  'gemini25flash-text-thoughts-counted.sse',
  'gemini3flash-function-call-id-signature.sse',
  'gemini3flash-code-execution-usage-drop.sse',
  'gemini3flash-file-search-tool-call-response-parts.sse',
  'gemini25pro-file-search-executable-code-grounding.sse',
  'gemini25pro-google-search-grounding.sse',
  'gemini25flash-url-context-grounding.sse',
  'vertex-gemini3flash-flex-tier-text-signature.sse',
  'vertex-gemini31pro-parallel-streamed-args.chunks.txt',
  'vertex-gemini31pro-nested-streamed-args.chunks.txt',
  'vertex-gemini3flash-streamed-args-no-closing-call.chunks.txt',
  'vertex-gemini3flash-thought-then-parallel-calls.chunks.txt',
  'gemini3pro-function-call-signature.chunks.txt',
  'gemini20flash-max-tokens-prompt-tokens-drop.chunks.txt',
  'vertex-gemini3pro-streamed-args-string-values.chunks.txt',
  'gemini-model-not-found-404-error.chunks.txt',
  'gemini15flash-finish-safety.response.json',
  'vertex-gemini25flash-prompt-blocked-model-armor.response.json',
] as const;

export type GeminiFixture = (typeof GEMINI_FIXTURES)[number];

/** A fixture's wire body from its file's text (SOURCES.md, "To rebuild a wire body"). */
export function wireBody(name: string, fileText: string): string {
  if (name.endsWith('.sse')) return fileText;
  if (name.endsWith('.response.json')) return `data: ${JSON.stringify(JSON.parse(fileText))}\r\n\r\n`;
  return fileText
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `data: ${line}\r\n\r\n`)
    .join('');
}

/** The payloads of a wire body's events, parsed (for building broken bodies from real ones). */
function payloads(body: string): Record<string, unknown>[] {
  return body
    .split('\r\n\r\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, unknown>);
}

const index = fc.oneof(fc.nat(2), fc.constantFrom(undefined, -1, 1.5, '0', null));
const signature = fc.constantFrom(undefined, undefined, 'sig-A', 'sig-B', 3);
const jsonPath = fc.constantFrom('$.a', '$.a.b', '$.a[0]', '$.a[1]', '$.a[0].b', "$['x.y']", '$', '$.*', 'a', '$.a[9]', '$.__proto__', 7);
const fragment = fc.record(
  { jsonPath, stringValue: fc.oneof(text, anyJson), numberValue: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), anyJson), boolValue: fc.boolean(), nullValue: fc.constant('NULL_VALUE'), willContinue: fc.boolean() },
  { requiredKeys: ['jsonPath'] },
);
const functionCall = fc.oneof(
  fc.record({ name: fc.constantFrom('f', 'g'), args: fc.oneof(fc.dictionary(fc.constantFrom('a', 'b'), anyJson), anyJson), id: fc.constantFrom('c1', 'c2') }, { requiredKeys: ['name'] }),
  fc.record({ name: fc.constantFrom('f', 'g'), willContinue: fc.constant(true), id: fc.constant('c3'), partialArgs: fc.array(fragment, { maxLength: 2 }) }, { requiredKeys: ['name', 'willContinue'] }),
  fc.record({ partialArgs: fc.oneof(fc.array(fragment, { maxLength: 3 }), anyJson), willContinue: fc.boolean() }, { requiredKeys: ['partialArgs'] }),
  fc.constantFrom({}, { willContinue: true }, { willContinue: false }),
  anyJson,
);
const part = fc.oneof(
  fc.record({ text, thought: fc.constantFrom(undefined, true, false), thoughtSignature: signature }, { requiredKeys: ['text'] }),
  fc.record({ functionCall, thoughtSignature: signature }, { requiredKeys: ['functionCall'] }),
  fc.record({ text: anyJson, inlineData: fc.constant({ mimeType: 'image/png', data: 'AAAA' }), executableCode: anyJson, thoughtSignature: signature }),
  anyJson,
);
const candidate = fc.oneof(
  fc.record(
    {
      index,
      content: fc.oneof(fc.record({ role: fc.constantFrom('model', 'user'), parts: fc.oneof(fc.array(part, { maxLength: 4 }), anyJson) }), anyJson),
      finishReason: fc.constantFrom(undefined, undefined, 'STOP', 'MAX_TOKENS', 'SAFETY', 'MALFORMED_FUNCTION_CALL', 7),
      safetyRatings: fc.oneof(fc.constant([{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'LOW', blocked: true }]), anyJson),
      citationMetadata: fc.oneof(fc.record({ citations: fc.array(anyJson, { maxLength: 2 }) }), anyJson),
      groundingMetadata: anyJson,
      finishMessage: text,
    },
    { requiredKeys: [] },
  ),
  anyJson,
);
const usage = fc.oneof(fc.record({ promptTokenCount: fc.nat(20), candidatesTokenCount: fc.nat(20), thoughtsTokenCount: fc.nat(5), cachedContentTokenCount: fc.nat(5), totalTokenCount: fc.nat(50) }, { requiredKeys: [] }), anyJson);
const response = fc.oneof(
  fc.record(
    {
      candidates: fc.oneof(fc.array(candidate, { maxLength: 2 }), anyJson),
      usageMetadata: usage,
      promptFeedback: fc.oneof(fc.record({ blockReason: fc.constantFrom('SAFETY', 'MODEL_ARMOR'), blockReasonMessage: text }), anyJson),
      modelVersion: fc.oneof(fc.constant('gemini-test'), anyJson),
      responseId: fc.oneof(fc.constant('r1'), anyJson),
      error: fc.oneof(fc.record({ code: fc.constantFrom(429, 500), message: text, status: fc.constantFrom('RESOURCE_EXHAUSTED', 'INTERNAL') }), anyJson),
    },
    { requiredKeys: [] },
  ),
  anyJson,
);
const stray = fc.constantFrom('', '', '', ': keep-alive\r\n\r\n', 'data: [DONE]\r\n\r\n', 'data: {"candidates": [\r\n\r\n', 'event: message\r\n\r\n');

type Mutation = { readonly kind: 'drop' | 'repeat' | 'swap' | 'set'; readonly at: number; readonly key: string; readonly value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constantFrom('drop', 'repeat', 'swap', 'set'), at: fc.nat(), key: fc.constantFrom('candidates', 'usageMetadata', 'promptFeedback', 'error', 'responseId'), value: anyJson });

function mutate(events: readonly Record<string, unknown>[], mutations: readonly Mutation[]): unknown[] {
  const out: unknown[] = events.slice();
  for (const change of mutations) {
    if (out.length === 0) break;
    const at = change.at % out.length;
    if (change.kind === 'drop') out.splice(at, 1);
    else if (change.kind === 'repeat') out.splice(at, 0, out[at]);
    else if (change.kind === 'swap' && at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1], out[at]];
    else if (change.kind === 'set') out[at] = { ...(out[at] as Record<string, unknown>), [change.key]: change.value };
  }
  return out;
}

const frame = (events: readonly unknown[], strays: readonly string[]) => events.map((event, at) => `data: ${JSON.stringify(event)}\r\n\r\n${strays[at] ?? ''}`).join('');

/** The clean samples (every real stream of the corpus) and the broken bodies, from the corpus's files' bytes. */
export function geminiSamples(read: (name: GeminiFixture) => Uint8Array): DialectSamples {
  const decoder = new TextDecoder();
  const bodies: SampleBody[] = GEMINI_FIXTURES.map((name) => ({ name, bytes: encode(wireBody(name, decoder.decode(read(name)))) }));
  const real = bodies.map((body) => payloads(decoder.decode(body.bytes)));
  const broken = fc.oneof(
    fc.tuple(fc.constantFrom(...real), fc.array(mutation, { maxLength: 4 }), fc.array(stray, { maxLength: 6 })).map(([events, mutations, strays]) => frame(mutate(events, mutations), strays)),
    fc.tuple(fc.array(response, { maxLength: 12 }), fc.array(stray, { maxLength: 6 })).map(([events, strays]) => frame(events, strays)),
  );
  return { bodies, broken: { bodies: broken } };
}

export const samples: FolderSamples = {
  dialect: gemini,
  samples: (fixture) => geminiSamples((name) => fixture(`gemini/${name}`).bytes),
};
