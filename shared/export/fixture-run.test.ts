// The openai-test and msw exports run as a user runs them: for simulator recordings (text with a
// usage chunk, reasoning, a refusal, one and three tool calls, a cut connection), real captures
// and a stream of code-breaking text, the generated modules are written into a scratch folder with
// a user's test (shared/test/fixture-consumer.ts) and run by Vitest in a child process. There the
// official openai SDK consumes each recording through `recordedFetch` and through msw's
// `setupServer`, ends with Streamscope's reassembled message (or the SDK's documented divergence,
// or its error for the cut stream), and takes at least the recorded time at speed 1.

import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStream } from '../../electron/backend/recorder/record.ts';
import { startSimulator } from '../../electron/backend/simulator/index.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import type { ConsumerCase } from '../test/fixture-consumer.ts';
import { childResults, codeBreakingRecording, removeScratchDir, runVitest, scratchDir, typeCheckForBrowserAndNode } from '../test/generated-modules.ts';
import { realStream } from '../test/streams.ts';
import { mswExporter } from './msw.ts';
import { openaiTestExporter } from './openai-test.ts';

const KEY = 'sk-proj-Vb4Nm8Qw2Er6Ty0Ui3Op7As1Df5Gh9Jk2Lz';

/** Simulator scenarios, recorded at a quarter of real time (a few hundred ms each), with a key in a header and in the URL. */
const SCENARIOS: { scenario: string; body?: Record<string, unknown> }[] = [
  { scenario: 'text', body: { stream_options: { include_usage: true } } },
  { scenario: 'reasoning' },
  { scenario: 'refusal' },
  { scenario: 'tool-call' },
  { scenario: 'parallel-tool-calls' },
  { scenario: 'connection-drop' },
];

const REAL = [
  'openai-gpt4o-structured-text-usage.sse',
  'openai-gpt4o-parallel-tool-calls.sse',
  'openai-gpt4o-n3-interleaved-choices.sse',
  'groq-llama33-text-x-groq.sse',
  'xai-grok3mini-reasoning-tool-call.sse',
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

const CONSUMER = fileURLToPath(new URL('../test/fixture-consumer.ts', import.meta.url));

let dir: string;
const recordings = new Map<string, Recording>();

beforeAll(async () => {
  dir = scratchDir('fixture-run');
  const simulator = await startSimulator({ port: 0, timeScale: 0.25 });
  try {
    for (const { scenario, body } of SCENARIOS) {
      const { recording } = await recordStream({
        url: `${simulator.url}/chat/completions?api_key=${KEY}`,
        headers: { authorization: `Bearer ${KEY}` },
        body: { model: `sim-${scenario}`, messages: [{ role: 'user', content: 'hi' }], seed: 3, ...body },
      });
      recordings.set(`sim-${scenario}`, recording);
    }
  } finally {
    await simulator.close();
  }
  for (const name of REAL) recordings.set(name.replace(/\.sse$/, ''), recordingFromSse(realStream(name)));
  recordings.set('code-breaking-text', codeBreakingRecording());
}, 30_000);
afterAll(() => removeScratchDir(dir));

function consumerCase(name: string, recording: Recording): ConsumerCase {
  const { events } = analyzeRecording(recording);
  const done = events.findIndex((event) => event.sse.data === '[DONE]');
  const chunks = (done < 0 ? events : events.slice(0, done)).filter((event) => isJson(event.sse.data)).length;
  const end = recording.end;
  return {
    name,
    span: recording.reads.at(-1)?.t ?? 0,
    chunks,
    rejects: end && end.outcome !== 'eof' ? (end.error ?? end.outcome) : null,
    sdkDiffers: SDK_DIFFERS[name] ?? {},
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

describe('openai-test and msw modules, run by a child Vitest with the openai SDK and msw', () => {
  let cases: ConsumerCase[];
  beforeAll(() => {
    cases = [...recordings].map(([name, recording]) => {
      writeFileSync(join(dir, `${name}.fixture.ts`), openaiTestExporter.export(recording) as string);
      writeFileSync(join(dir, `${name}.msw.ts`), mswExporter.export(recording) as string);
      return consumerCase(name, recording);
    });
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases, null, 2));
    copyFileSync(CONSUMER, join(dir, 'consumer.test.ts'));
  });

  it('cover timed recordings, untimed ones and a cut stream, and hold no trace of the key they were recorded with', () => {
    expect(cases.filter((c) => c.span > 100).map((c) => c.name)).toEqual([...SCENARIOS.map(({ scenario }) => `sim-${scenario}`), 'code-breaking-text']);
    expect(cases.filter((c) => c.span === 0).map((c) => c.name)).toEqual(REAL.map((name) => name.replace(/\.sse$/, '')));
    expect(cases.filter((c) => c.rejects !== null)).toEqual([expect.objectContaining({ name: 'sim-connection-drop', rejects: 'the connection closed before the response was complete' })]);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(KEY.slice(8, -4));
  });

  it('give the SDK the recorded stream, through recordedFetch and setupServer, for every recording', async () => {
    const { results, fileErrors, failures } = childResults(await runVitest(dir));
    expect(fileErrors).toEqual([]);
    expect(failures).toEqual([]);
    expect(results).toHaveLength(cases.length * 3);
  }, 120_000);

  it('type-check under strict settings, with the DOM library and with Node\'s types', async () => {
    // The code is the same in every module; the data differs. Two kinds of data: timed and hostile, untimed with several choices.
    const files = ['code-breaking-text', 'openai-gpt4o-n3-interleaved-choices'].flatMap((name) => [`${name}.fixture.ts`, `${name}.msw.ts`]);
    expect(await typeCheckForBrowserAndNode(dir, files)).toEqual(['', '']);
  }, 60_000);
});
