// What the Bedrock ConverseStream dialect brings to its tests: the real ConverseStream bodies of
// shared/test/fixtures/bedrock/ (SOURCES.md there says where each came from) — the `.bin` files are
// exact AWS event-stream bodies, the `.chunks.txt` files the AWS SDK's parsed unions, one a line —
// and bodies broken at random, all as AWS event-stream frames (the samples' framing): the unions
// each framed as the wire sends it, the broken bodies' events re-framed (exception types in
// exception frames) with stray frames between. The test reads the files and hands their bytes in,
// as this file stays pure.

import fc from 'fast-check';
import { parseEventStream } from '../../framing/aws-eventstream/parser.ts';
import { concat, errorFrame, eventFrame, exceptionFrame, frame } from '../../framing/aws-eventstream/frames.test-support.ts';
import type { DialectSamples, FolderSamples, SampleBody } from '../dialect.suite.ts';
import { anyJson, text } from '../kit/broken-streams.test-support.ts';
import { bedrockConverse } from './index.ts';

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

/** A `.chunks.txt` file's unions as the wire frames them: one event frame a line (SOURCES.md, "To rebuild a wire body"). */
export function framedUnions(fileText: string): Uint8Array {
  return frames(unions(fileText));
}

/** A `.chunks.txt` file's unions, one `{"eventType": payload}` a line, as the events they name. */
function unions(fileText: string): [string, Json][] {
  return fileText
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => Object.entries(JSON.parse(line) as Json)[0]! as [string, Json]);
}

/** Each frame of an event-stream body: its type and payload. */
function events(body: Uint8Array): [string, Json][] {
  return parseEventStream(body).messages.map((message) => [message.event ?? '', JSON.parse(message.data ?? 'null') as Json]);
}

/** Events as Bedrock frames them: an exception type in an exception frame, any other in an event frame. */
function frames(list: readonly [string, unknown][], strays: readonly (Uint8Array | null)[] = []): Uint8Array {
  return concat(list.flatMap(([type, payload], at) => [type.endsWith('Exception') ? exceptionFrame(type, payload) : eventFrame(type, payload), ...(strays[at] ? [strays[at]!] : [])]));
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

const stray: fc.Arbitrary<Uint8Array | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  fc.constantFrom(
    errorFrame('internalServerError', 'Try again.'),
    eventFrame('messageStop', { stopReason: 'end_turn' }),
    frame({ ':event-type': { type: 'string', value: 'contentBlockDelta' }, ':message-type': { type: 'string', value: 'event' } }, new TextEncoder().encode('{"contentBlockDelta":')),
    frame({}, new Uint8Array(0)),
  ),
);

/** The clean samples (every ConverseStream body of the corpus, as the wire framed it) and the broken bodies, from the files' bytes: all AWS event-stream frames. */
export function converseSamples(read: (name: ConverseFixture) => Uint8Array): DialectSamples {
  const decoder = new TextDecoder();
  const bodies: SampleBody[] = [...CONVERSE_BODIES.map((name) => ({ name, bytes: read(name) })), ...CONVERSE_UNIONS.map((name) => ({ name, bytes: framedUnions(decoder.decode(read(name))) }))];
  const real = CONVERSE_BODIES.map((name) => events(read(name)));
  const broken = fc.oneof(
    fc.tuple(fc.constantFrom(...real), fc.array(mutation, { maxLength: 4 }), fc.array(stray, { maxLength: 6 })).map(([list, mutations, strays]) => frames(mutate(list, mutations), strays)),
    fc.tuple(fc.array(fc.tuple(fc.constantFrom(...TYPES), payload), { maxLength: 14 }), fc.array(stray, { maxLength: 6 })).map(([list, strays]) => frames(list, strays)),
  );
  return { framing: 'aws-eventstream', bodies, broken: { bodies: broken } };
}

export const samples: FolderSamples = {
  dialect: bedrockConverse,
  samples: (fixture) => converseSamples((name) => fixture(`bedrock/${name}`).bytes),
};
