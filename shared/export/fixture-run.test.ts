// The openai-test and msw exports run as a user runs them, in every registered dialect: simulator
// recordings (text, reasoning, a refusal, one and three tool calls, a cut connection; a usage
// chunk in Chat Completions, a length stop in the others), real captures (those of Responses and
// Messages have no request: the handler answers at the dialect's default path) and, in Chat
// Completions, a stream of code-breaking text are written into a scratch folder with a user's
// test (shared/test/fixture-consumer.ts) and run by Vitest in a child process. There the
// dialect's official SDK consumes each recording through `recordedFetch` and through msw's
// `setupServer`, ends with the module's expected object (or the SDK's documented divergence, or
// its error for the cut stream), and takes at least the recorded time at speed 1.

import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStream } from '../../electron/backend/recorder/record.ts';
import { startSimulator } from '../../electron/backend/simulator/index.ts';
import { exchangeAt, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { REGISTERED_DIALECTS } from '../dialects/registry.ts';
import type { Protocol } from '../dialects/types.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { CORPUS_DIR } from '../test/dialect-corpus.ts';
import type { ConsumerCase } from '../test/fixture-consumer.ts';
import { childResults, codeBreakingRecording, removeScratchDir, runVitest, scratchDir, typeCheckForBrowserAndNode } from '../test/generated-modules.ts';
import { dialectPath, dialectRequest } from '../test/replay-support.ts';
import type { Dialect } from '../test/replay-support.ts';
import { realStream } from '../test/streams.ts';
import { mswExporter } from './msw.ts';
import { openaiTestExporter } from './openai-test.ts';

const KEY = 'sk-proj-Vb4Nm8Qw2Er6Ty0Ui3Op7As1Df5Gh9Jk2Lz';
const CONSUMER = fileURLToPath(new URL('../test/fixture-consumer.ts', import.meta.url));

/** What the modules of a recording say in the dialect's words. */
interface Words {
  readonly file: string;
  readonly contains: readonly string[];
  readonly matches: readonly RegExp[];
  readonly lacks: readonly string[];
}

/** A dialect's recordings, and what their modules are expected to hold. */
interface DialectRuns {
  /** The simulator's recordings, named, timed (`url` ends in /v1). */
  simulated(url: string): Promise<[string, Recording][]>;
  /** Further timed recordings. */
  readonly more: () => [string, Recording][];
  /** Real captures, untimed. */
  readonly real: readonly string[];
  read(file: string): Recording;
  /** The key the recordings were made with, which no module may hold; null when none was given. */
  readonly key: string | null;
  /** The cut stream, and the error the SDK throws on it. */
  readonly cut: { readonly name: string; readonly rejects: string };
  /** What a case adds for the consumer. */
  readonly extra: (name: string, recording: Recording) => Partial<ConsumerCase>;
  readonly words: readonly Words[];
  /** Modules type-checked: the code is the same in every one; the data differs. */
  readonly typeChecked: readonly string[];
}

/** Chat Completions' scenarios, recorded through the recorder with a key in a header and in the URL. */
const CHAT_SCENARIOS: { scenario: string; body?: Record<string, unknown> }[] = [
  { scenario: 'text', body: { stream_options: { include_usage: true } } },
  { scenario: 'reasoning' },
  { scenario: 'refusal' },
  { scenario: 'tool-call' },
  { scenario: 'parallel-tool-calls' },
  { scenario: 'connection-drop' },
];

/**
 * Where the SDK ends with something else than Streamscope (shared/test/reference/openai-sdk.ts;
 * the same cases are pinned for the corpus in shared/test/corpus-sdk.test.ts): its value of a
 * field of choice 0.
 */
const SDK_DIFFERS: Record<string, Record<string, unknown>> = {
  // Unknown delta keys are Object.assign'ed: the last fragment wins, and the answer's deltas carry reasoning_content: null.
  'sim-reasoning': { reasoning_content: null },
  // The last reasoning_content fragment wins.
  'xai-grok3mini-reasoning-tool-call': { reasoning_content: '.' },
};

/** The scenarios of Responses and Messages, read by fetch. */
const SCENARIOS = ['text', 'reasoning', 'refusal', 'tool-call', 'parallel-tool-calls', 'length', 'connection-drop'];

function simulatedIn(dialect: Dialect, scenarios: readonly string[] = SCENARIOS): (url: string) => Promise<[string, Recording][]> {
  return async (url) => {
    const recorded: [string, Recording][] = [];
    for (const scenario of scenarios) {
      // Gemini asks for SSE in the query (its path's), Bedrock by its path, not with stream: true.
      const exchange = await exchangeAt(`${url}${dialectPath(dialect, scenario)}`, dialect === 'gemini' || dialect === 'bedrock' ? dialectRequest(dialect, scenario) : { ...dialectRequest(dialect, scenario), stream: true });
      recorded.push([`${dialect}-sim-${scenario}`, toRecording(exchange, true)]);
    }
    return recorded;
  };
}

function isJson(data: string | null): boolean {
  if (data === null) return false;
  try {
    JSON.parse(data);
    return true;
  } catch {
    return false;
  }
}

const corpusRecording = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file)));
const GEMINI_DIR = fileURLToPath(new URL('../test/fixtures/gemini/', import.meta.url));
const geminiRecording = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(GEMINI_DIR + file)));

const BEDROCK_DIR = fileURLToPath(new URL('../test/fixtures/bedrock/', import.meta.url));
const bedrockRecording = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(BEDROCK_DIR + file)));

const DIALECTS: Readonly<Record<Protocol, DialectRuns | null>> = {
  'bedrock-converse': {
    // The simulator plays no refusal in Bedrock.
    simulated: simulatedIn('bedrock', SCENARIOS.filter((scenario) => scenario !== 'refusal')),
    more: () => [],
    // AWS's own ConverseStream frames (the invoke-* bodies are other dialects' events in chunks): reasoning with its signature, text then a tool use, redacted reasoning.
    real: ['converse-claude-sonnet4-reasoning-signature.bin', 'converse-claude35sonnet-text-then-tool-use.bin', 'converse-claude37-redacted-reasoning.bin'],
    read: bedrockRecording,
    key: null,
    cut: { name: 'bedrock-sim-connection-drop', rejects: 'terminated' },
    extra: () => ({}),
    words: [
      {
        file: 'converse-claude35sonnet-text-then-tool-use.fixture.ts',
        contains: ['a recorded Bedrock ConverseStream stream (AWS event-stream frames)', "import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';"],
        matches: [/^export const expectedResponse: ExpectedResponse = \{$/m],
        lacks: ['expectedChoices', 'expectedMessage'],
      },
    ],
    typeChecked: ['bedrock-sim-tool-call', 'converse-claude37-redacted-reasoning'],
  },
  'chat-completions': {
    simulated: async (url) => {
      const recorded: [string, Recording][] = [];
      for (const { scenario, body } of CHAT_SCENARIOS) {
        const { recording } = await recordStream({
          url: `${url}/chat/completions?api_key=${KEY}`,
          headers: { authorization: `Bearer ${KEY}` },
          body: { model: `sim-${scenario}`, messages: [{ role: 'user', content: 'hi' }], seed: 3, ...body },
        });
        recorded.push([`sim-${scenario}`, recording]);
      }
      return recorded;
    },
    more: () => [['code-breaking-text', codeBreakingRecording()]],
    real: ['openai-gpt4o-structured-text-usage.sse', 'openai-gpt4o-parallel-tool-calls.sse', 'openai-gpt4o-n3-interleaved-choices.sse', 'groq-llama33-text-x-groq.sse', 'xai-grok3mini-reasoning-tool-call.sse'],
    read: (file) => recordingFromSse(realStream(file)),
    key: KEY,
    cut: { name: 'sim-connection-drop', rejects: 'the connection closed before the response was complete' },
    extra: (name, recording) => {
      const { events } = analyzeRecording(recording);
      const done = events.findIndex((event) => event.sse.data === '[DONE]');
      return { chunks: (done < 0 ? events : events.slice(0, done)).filter((event) => isJson(event.sse.data)).length, sdkDiffers: SDK_DIFFERS[name] ?? {} };
    },
    words: [],
    // Two kinds of data: timed and hostile, untimed with several choices.
    typeChecked: ['code-breaking-text', 'openai-gpt4o-n3-interleaved-choices'],
  },
  responses: {
    simulated: simulatedIn('responses'),
    more: () => [],
    real: ['responses/openai-web-search-url-citations.sse', 'responses/deepseek-reasoning-text-function-call.sse'],
    read: corpusRecording,
    key: null,
    cut: { name: 'responses-sim-connection-drop', rejects: 'terminated' },
    extra: () => ({}),
    words: [{ file: 'openai-web-search-url-citations.msw.ts', contains: ['export const recordedPath = "/v1/responses";'], matches: [/^export const expectedResponse: ExpectedResponse = \{$/m], lacks: [] }],
    typeChecked: ['responses-sim-parallel-tool-calls', 'openai-web-search-url-citations'],
  },
  'anthropic-messages': {
    simulated: simulatedIn('messages'),
    more: () => [],
    real: ['messages/anthropic-sonnet4-thinking-signature.sse', 'messages/anthropic-opus41-web-search-citations.sse', 'messages/anthropic-sonnet35-parallel-tool-use.sse'],
    read: corpusRecording,
    key: null,
    cut: { name: 'messages-sim-connection-drop', rejects: 'terminated' },
    extra: () => ({}),
    words: [
      {
        file: 'anthropic-sonnet4-thinking-signature.fixture.ts',
        contains: ['a recorded Anthropic Messages stream', "import Anthropic from '@anthropic-ai/sdk';"],
        matches: [/^export const expectedMessage: ExpectedMessage = \{$/m],
        lacks: ['expectedChoices'],
      },
    ],
    typeChecked: ['messages-sim-reasoning'],
  },
  gemini: {
    // The simulator plays no refusal in Gemini.
    simulated: simulatedIn('gemini', SCENARIOS.filter((scenario) => scenario !== 'refusal')),
    more: () => [],
    // Google's own streams: thought parts with a signature on the text, a function call with its signature, Vertex's flex tier.
    real: ['gemini25pro-thought-parts-signature-on-text.sse', 'gemini3pro-function-call-thought-signature.sse', 'vertex-gemini3flash-flex-tier-text-signature.sse'],
    read: geminiRecording,
    key: null,
    cut: { name: 'gemini-sim-connection-drop', rejects: 'terminated' },
    extra: () => ({}),
    words: [
      {
        file: 'gemini3pro-function-call-thought-signature.fixture.ts',
        contains: ['a recorded Gemini streamGenerateContent stream', "import { GoogleGenAI } from '@google/genai';"],
        matches: [/^export const expectedResponse: ExpectedResponse = \{$/m],
        lacks: ['expectedChoices', 'expectedMessage'],
      },
    ],
    typeChecked: ['gemini-sim-tool-call', 'gemini25pro-thought-parts-signature-on-text'],
  },
};

const nameOf = (file: string): string => file.replace(/^.*\//, '').replace(/\.(sse|bin)$/, '');

describe.each(REGISTERED_DIALECTS.filter((dialect) => DIALECTS[dialect.protocol] !== null).map((dialect) => [dialect.descriptor.name, dialect] as const))(
  'openai-test and msw modules of %s recordings, run by a child Vitest with the official SDK and msw',
  (_name, { protocol, descriptor }) => {
    const runs = DIALECTS[protocol]!;
    let dir: string;
    let simulated: string[];
    let cases: ConsumerCase[];

    beforeAll(async () => {
      dir = scratchDir(`fixture-run-${descriptor.word}`);
      const recordings = new Map<string, Recording>();
      // A quarter of real time: each recording a few hundred ms, its reads still apart.
      const simulator = await startSimulator({ port: 0, timeScale: 0.25, seed: 3 });
      try {
        for (const [name, recording] of await runs.simulated(simulator.url)) recordings.set(name, recording);
      } finally {
        await simulator.close();
      }
      simulated = [...recordings.keys()];
      for (const file of runs.real) recordings.set(nameOf(file), runs.read(file));
      for (const [name, recording] of runs.more()) recordings.set(name, recording);
      cases = [...recordings].map(([name, recording]) => {
        writeFileSync(join(dir, `${name}.fixture.ts`), openaiTestExporter.export(recording) as string);
        writeFileSync(join(dir, `${name}.msw.ts`), mswExporter.export(recording) as string);
        const end = recording.end;
        return { name, dialect: protocol, span: recording.reads.at(-1)?.t ?? 0, rejects: end && end.outcome !== 'eof' ? (end.error ?? end.outcome) : null, ...runs.extra(name, recording) };
      });
      writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases, null, 2));
      copyFileSync(CONSUMER, join(dir, 'consumer.test.ts'));
    }, 60_000);
    afterAll(() => removeScratchDir(dir));

    it('cover timed recordings, untimed ones and a cut stream, and hold no trace of the key they were recorded with', () => {
      expect(cases.filter((c) => c.span > 100).map((c) => c.name)).toEqual([...simulated, ...runs.more().map(([name]) => name)]);
      expect(cases.filter((c) => c.span === 0).map((c) => c.name)).toEqual(runs.real.map(nameOf));
      expect(cases.filter((c) => c.rejects !== null)).toEqual([expect.objectContaining(runs.cut)]);
      if (runs.key !== null) for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(runs.key.slice(8, -4));
    });

    it.skipIf(runs.words.length === 0)("say what they hold in the dialect's words: its expected object, its path, its SDK in the usage", () => {
      for (const { file, contains, matches, lacks } of runs.words) {
        const text = readFileSync(join(dir, file), 'utf8');
        for (const words of contains) expect(text).toContain(words);
        for (const pattern of matches) expect(text).toMatch(pattern);
        for (const words of lacks) expect(text).not.toContain(words);
      }
    });

    it('give the SDK the recorded stream, through recordedFetch and setupServer, for every recording', async () => {
      const { results, fileErrors, failures } = childResults(await runVitest(dir));
      expect(fileErrors).toEqual([]);
      expect(failures).toEqual([]);
      expect(results).toHaveLength(cases.length * 3);
    }, 120_000);

    it("type-check under strict settings, with the DOM library and with Node's types", async () => {
      const files = runs.typeChecked.flatMap((name) => [`${name}.fixture.ts`, `${name}.msw.ts`]);
      expect(await typeCheckForBrowserAndNode(dir, files)).toEqual(['', '']);
    }, 60_000);
  },
);
