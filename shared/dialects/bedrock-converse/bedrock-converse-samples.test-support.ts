// What the Bedrock ConverseStream dialect brings to its tests: the real ConverseStream bodies of
// shared/test/fixtures/bedrock/ (SOURCES.md there says where each came from) — the `.bin` files are
// exact AWS event-stream bodies, the `.chunks.txt` files the AWS SDK's parsed unions, one a line —
// and bodies broken at random. The dialect suite (dialect.suite.ts) frames its samples as SSE
// today, so each body is also handed to it transcribed: every frame as `event: TYPE` and
// `data: PAYLOAD`, the fields the dialect reads (the test shows the transcription reads as the
// frames do); the unions as `data:` lines with no event type. The test reads the files and hands
// their bytes in, as this file stays pure.
//
// Named so that properties.test.ts (which runs the suite over registered dialects' folders) does
// not take it: at registration it becomes samples.test-support.ts, exporting a FolderSamples.

import fc from 'fast-check';
import { parseEventStream } from '../../framing/aws-eventstream/parser.ts';
import type { DialectSamples, SampleBody } from '../dialect.suite.ts';
import { anyJson, text } from '../kit/broken-streams.test-support.ts';

type Json = Record<string, unknown>;

/** The corpus's ConverseStream files, exact event-stream bodies first. */
export const CONVERSE_BODIES = [
  'converse-claude-sonnet4-reasoning-signature.bin',
  'converse-claude37-redacted-reasoning.bin',
  'converse-nova2lite-server-tool-result-blocks.bin',
  'converse-novamicro-text-then-tool-use.bin',
  'converse-gptoss120b-reasoning-without-signature.bin',
  'converse-claude35sonnet-text-then-tool-use.bin',
  'converse-claude35sonnet-text.bin',
  'converse-jamba15mini-max-tokens.bin',
] as const;

export const CONVERSE_UNIONS = ['converse-reasoning-signature.chunks.txt', 'converse-text.chunks.txt'] as const;

export type ConverseFixture = (typeof CONVERSE_BODIES)[number] | (typeof CONVERSE_UNIONS)[number];

const encode = (body: string) => new TextEncoder().encode(body);

/** An event-stream body's frames as SSE: `event:` its event type, `data:` its payload (compact JSON, one line). */
export function sseTranscript(body: Uint8Array): string {
  return parseEventStream(body)
    .messages.map((message) => `event: ${message.event ?? ''}\ndata: ${message.data ?? ''}\n\n`)
    .join('');
}

/** A `.chunks.txt` file's unions, one `{"eventType": payload}` a line, as SSE data lines with no event type. */
export function unionTranscript(fileText: string): string {
  return fileText
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `data: ${line}\n\n`)
    .join('');
}

/** Each event of an SSE transcript: its type and payload. */
function events(transcript: string): [string, Json][] {
  return transcript
    .split('\n\n')
    .filter((event) => event.startsWith('event: '))
    .map((event) => {
      const [name, data] = event.split('\n');
      return [name!.slice('event: '.length), JSON.parse(data!.slice('data: '.length)) as Json];
    });
}

const index = fc.oneof(fc.nat(3), fc.constantFrom(-1, 1.5, '0', null));
const TYPES = ['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata', 'throttlingException', 'modelStreamErrorException', 'someNewEvent'] as const;
const delta = fc.oneof(
  fc.record({ text }),
  fc.record({ toolUse: fc.oneof(fc.record({ input: fc.oneof(text, fc.constantFrom('{"a":', '1}', '{}', '"x"')) }), anyJson) }),
  fc.record({ reasoningContent: fc.oneof(fc.record({ text, signature: text, redactedContent: fc.constantFrom('QUJD', 'REVGRw==', 'not base64!') }, { requiredKeys: [] }), anyJson) }),
  fc.record({ toolResult: fc.oneof(fc.array(fc.oneof(fc.record({ text }), fc.record({ json: anyJson })), { maxLength: 2 }), anyJson) }),
  fc.record({ citation: anyJson, image: fc.oneof(fc.record({ source: fc.record({ bytes: fc.constantFrom('QQ==', 'QUJD') }) }), anyJson) }, { requiredKeys: [] }),
  anyJson,
);
const start = fc.oneof(
  fc.record({ toolUse: fc.record({ toolUseId: fc.constantFrom('t1', 't2'), name: fc.constantFrom('f', 'g'), type: fc.constantFrom('tool_use', 'server_tool_use') }, { requiredKeys: [] }) }),
  fc.record({ toolResult: fc.record({ toolUseId: fc.constant('t1'), status: fc.constantFrom('success', 'error') }) }),
  fc.record({ image: fc.record({ format: fc.constantFrom('png', 'jpeg') }) }),
  fc.record({ somethingNew: anyJson }),
  anyJson,
);
const payload = fc.record(
  {
    p: fc.constantFrom('abc', 'abcdefghij'),
    role: fc.oneof(fc.constant('assistant'), anyJson),
    contentBlockIndex: index,
    delta,
    start,
    stopReason: fc.oneof(fc.constantFrom('end_turn', 'tool_use', 'max_tokens', 'guardrail_intervened'), anyJson),
    additionalModelResponseFields: anyJson,
    usage: fc.oneof(fc.record({ inputTokens: fc.nat(50), outputTokens: fc.nat(50), totalTokens: fc.nat(100), cacheReadInputTokens: fc.nat(5) }, { requiredKeys: [] }), anyJson),
    metrics: fc.oneof(fc.record({ latencyMs: fc.nat(5000) }), anyJson),
    trace: anyJson,
    message: text,
  },
  { requiredKeys: [] },
);

type Mutation = { readonly kind: 'drop' | 'repeat' | 'swap' | 'set'; readonly at: number; readonly key: string; readonly value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constantFrom('drop', 'repeat', 'swap', 'set'), at: fc.nat(), key: fc.constantFrom('contentBlockIndex', 'delta', 'start', 'stopReason', 'usage', 'role'), value: anyJson });

function mutate(list: readonly [string, Json][], mutations: readonly Mutation[]): [string, Json][] {
  const out = list.slice();
  for (const change of mutations) {
    if (out.length === 0) break;
    const at = change.at % out.length;
    if (change.kind === 'drop') out.splice(at, 1);
    else if (change.kind === 'repeat') out.splice(at, 0, out[at]!);
    else if (change.kind === 'swap' && at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1]!, out[at]!];
    else if (change.kind === 'set') out[at] = [out[at]![0], { ...out[at]![1], [change.key]: change.value }];
  }
  return out;
}

const stray = fc.constantFrom('', '', '', ': keep-alive\n\n', 'data: [DONE]\n\n', 'data: {"contentBlockDelta":\n\n', 'event: metadata\n\n', 'data: {"messageStop":{"stopReason":"end_turn"}}\n\n');
const sse = (list: readonly [string, unknown][], strays: readonly string[]) => list.map(([type, json], at) => `event: ${type}\ndata: ${JSON.stringify(json)}\n\n${strays[at] ?? ''}`).join('');

/** The clean samples (every ConverseStream body of the corpus, transcribed to SSE) and the broken bodies, from the files' bytes. */
export function converseSamples(read: (name: ConverseFixture) => Uint8Array): DialectSamples {
  const decoder = new TextDecoder();
  const transcripts = CONVERSE_BODIES.map((name) => ({ name, body: sseTranscript(read(name)) }));
  const bodies: SampleBody[] = [...transcripts.map(({ name, body }) => ({ name, bytes: encode(body) })), ...CONVERSE_UNIONS.map((name) => ({ name, bytes: encode(unionTranscript(decoder.decode(read(name)))) }))];
  const real = transcripts.map(({ body }) => events(body));
  const broken = fc.oneof(
    fc.tuple(fc.constantFrom(...real), fc.array(mutation, { maxLength: 4 }), fc.array(stray, { maxLength: 6 })).map(([list, mutations, strays]) => sse(mutate(list, mutations), strays)),
    fc.tuple(fc.array(fc.tuple(fc.constantFrom(...TYPES), payload), { maxLength: 14 }), fc.array(stray, { maxLength: 6 })).map(([list, strays]) => sse(list, strays)),
  );
  return { bodies, broken: { bodies: broken } };
}
