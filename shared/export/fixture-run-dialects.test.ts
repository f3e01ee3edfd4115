// The openai-test and msw exports of Responses and Anthropic Messages recordings, run as a user
// runs them: simulator recordings of both dialects (text, reasoning, refusal, one and three tool
// calls, a length stop, a cut connection) and captured real streams (which have no request: the
// handler answers at the dialect's default path) are exported into a scratch folder with a user's
// test (shared/test/dialect-fixture-consumer.ts) and run by Vitest in a child process. There
// openai's `responses.stream()` and @anthropic-ai/sdk's `messages.stream()` consume each recording
// through `recordedFetch` and through msw's `setupServer`, end with the module's expected object
// (or the error of the cut stream), and take at least the recorded time at speed 1.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/backend/simulator/index.ts';
import type { Dialect } from '../../electron/backend/simulator/index.ts';
import { exchangeAt, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { CORPUS_DIR } from '../test/dialect-corpus.ts';
import type { DialectConsumerCase } from '../test/dialect-fixture-consumer.ts';
import { childResults, removeScratchDir, runVitest, scratchDir, typeCheckForBrowserAndNode } from '../test/generated-modules.ts';
import { DIALECT_PATHS, dialectRequest } from '../test/replay-support.ts';
import { mswExporter } from './msw.ts';
import { openaiTestExporter } from './openai-test.ts';

const SCENARIOS = ['text', 'reasoning', 'refusal', 'tool-call', 'parallel-tool-calls', 'length', 'connection-drop'];
const REAL = [
  'responses/openai-web-search-url-citations.sse',
  'responses/deepseek-reasoning-text-function-call.sse',
  'messages/anthropic-sonnet4-thinking-signature.sse',
  'messages/anthropic-opus41-web-search-citations.sse',
  'messages/anthropic-sonnet35-parallel-tool-use.sse',
];
const PROTOCOLS: Readonly<Record<Dialect, DialectConsumerCase['dialect']>> = { responses: 'responses', messages: 'anthropic-messages' };
const CONSUMER = fileURLToPath(new URL('../test/dialect-fixture-consumer.ts', import.meta.url));

let dir: string;
const recordings = new Map<string, { dialect: Dialect; recording: Recording }>();

beforeAll(async () => {
  dir = scratchDir('fixture-run-dialects');
  // A quarter of real time: each recording a few hundred ms, its reads still apart.
  const simulator = await startSimulator({ port: 0, timeScale: 0.25, seed: 3 });
  try {
    for (const dialect of ['responses', 'messages'] as const) {
      for (const scenario of SCENARIOS) {
        const exchange = await exchangeAt(`${simulator.url}${DIALECT_PATHS[dialect]}`, { ...dialectRequest(dialect, scenario), stream: true });
        recordings.set(`${dialect}-sim-${scenario}`, { dialect, recording: toRecording(exchange, true) });
      }
    }
  } finally {
    await simulator.close();
  }
  for (const file of REAL) {
    const dialect: Dialect = file.startsWith('responses/') ? 'responses' : 'messages';
    recordings.set(file.replace(/^.*\//, '').replace(/\.sse$/, ''), { dialect, recording: recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file))) });
  }
}, 60_000);
afterAll(() => removeScratchDir(dir));

function consumerCase(name: string, dialect: Dialect, recording: Recording): DialectConsumerCase {
  const end = recording.end;
  return { name, dialect: PROTOCOLS[dialect], span: recording.reads.at(-1)?.t ?? 0, rejects: end && end.outcome !== 'eof' ? (end.error ?? end.outcome) : null };
}

describe('openai-test and msw modules of both dialects, run by a child Vitest with the official SDKs and msw', () => {
  let cases: DialectConsumerCase[];
  beforeAll(() => {
    cases = [...recordings].map(([name, { dialect, recording }]) => {
      writeFileSync(join(dir, `${name}.fixture.ts`), openaiTestExporter.export(recording) as string);
      writeFileSync(join(dir, `${name}.msw.ts`), mswExporter.export(recording) as string);
      return consumerCase(name, dialect, recording);
    });
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases, null, 2));
    copyFileSync(CONSUMER, join(dir, 'consumer.test.ts'));
  });

  it('cover both dialects, timed and untimed recordings, and a cut stream of each', () => {
    const sim = (dialect: string) => SCENARIOS.map((scenario) => `${dialect}-sim-${scenario}`);
    expect(cases.filter((c) => c.span > 100).map((c) => c.name)).toEqual([...sim('responses'), ...sim('messages')]);
    expect(cases.filter((c) => c.span === 0).map((c) => c.name)).toEqual(REAL.map((file) => file.replace(/^.*\//, '').replace(/\.sse$/, '')));
    expect(cases.filter((c) => c.rejects !== null)).toEqual([
      expect.objectContaining({ name: 'responses-sim-connection-drop', rejects: 'terminated' }),
      expect.objectContaining({ name: 'messages-sim-connection-drop', rejects: 'terminated' }),
    ]);
  });

  it('say what they hold in the dialect\'s words: its expected object, its path, its SDK in the usage', () => {
    const fixture = readFileSync(join(dir, 'anthropic-sonnet4-thinking-signature.fixture.ts'), 'utf8');
    expect(fixture).toContain('a recorded Anthropic Messages stream');
    expect(fixture).toContain("import Anthropic from '@anthropic-ai/sdk';");
    expect(fixture).toMatch(/^export const expectedMessage: ExpectedMessage = \{$/m);
    expect(fixture).not.toContain('expectedChoices');
    const msw = readFileSync(join(dir, 'openai-web-search-url-citations.msw.ts'), 'utf8');
    expect(msw).toContain('export const recordedPath = "/v1/responses";');
    expect(msw).toMatch(/^export const expectedResponse: ExpectedResponse = \{$/m);
  });

  it('give each SDK the recorded stream, through recordedFetch and setupServer, for every recording', async () => {
    const { results, fileErrors, failures } = childResults(await runVitest(dir));
    expect(fileErrors).toEqual([]);
    expect(failures).toEqual([]);
    expect(results).toHaveLength(cases.length * 3);
  }, 120_000);

  it("type-check under strict settings, with the DOM library and with Node's types", async () => {
    const files = ['responses-sim-parallel-tool-calls', 'messages-sim-reasoning', 'openai-web-search-url-citations'].flatMap((name) => [`${name}.fixture.ts`, `${name}.msw.ts`]);
    expect(await typeCheckForBrowserAndNode(dir, files)).toEqual(['', '']);
  }, 60_000);
});
