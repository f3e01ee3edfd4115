// aimock (@copilotkit/aimock) serving our own exports, checked with the Chat Completions battery
// (issue 29, "Real servers to prove it on"; docs/conformance.md, "aimock serving our exports"). The
// battery runs once against the simulator, each recording is exported with `--format aimock`, and
// aimock, loaded with every fixture, is checked with the same requests: what the verdicts say is
// what a test author's mock sends differently from the stream it was exported from.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LLMock } from '@copilotkit/aimock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import type { ServerCheck } from '../../../shared/conformance/server/types.ts';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { aimockExporter } from '../../../shared/export/aimock.ts';
import type { AimockFixtureFile } from '../../../shared/export/aimock.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import { runChecks } from './run.ts';
import type { CheckRun } from './run.ts';

const CHAT = SERVER_BATTERIES['chat-completions'];
const modelOf = (check: ServerCheck): string => simulatorModelOf(check.id);

let dir: string;
let direct: CheckRun;
let served: CheckRun;
let files: AimockFixtureFile[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'streamscope-aimock-check-'));
  const simulator = await startSimulator({ port: 0, timeScale: 0 });
  try {
    direct = await runChecks({ baseUrl: simulator.url, checks: CHAT, model: modelOf });
  } finally {
    await simulator.close();
  }
  files = direct.recordings.map((recording) => JSON.parse(aimockExporter.export(recording!) as string) as AimockFixtureFile);
  const path = join(dir, 'battery.aimock.json');
  writeFileSync(path, JSON.stringify({ fixtures: files.flatMap((file) => file.fixtures) }));
  const mock = new LLMock({ port: 0 });
  await mock.start();
  try {
    mock.loadFixtureFile(path);
    served = await runChecks({ baseUrl: `${mock.url}/v1`, checks: CHAT, model: modelOf });
  } finally {
    await mock.stop();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statuses = (run: CheckRun) => Object.fromEntries(run.results.map((result) => [result.id, result.status]));

/** What a client takes from each choice: its content, its finish reason and its tool calls. */
function message(recording: Recording | null) {
  const { state } = analyzeRecording(recording!);
  return [...state.choices.values()].map((choice) => ({
    content: choice.content,
    finishReason: choice.finishReason,
    calls: [...choice.toolCalls.values()].map((call) => [call.id, call.name, call.arguments]),
  }));
}

describe('aimock serving the exports of a battery run against the simulator', () => {
  it('starts from a run that passes every check', () => {
    expect(Object.values(statuses(direct))).toEqual(CHAT.map(() => 'pass'));
  });

  it('keeps in each fixture what aimock can replay, listing what it cannot', () => {
    expect(Object.fromEntries(CHAT.map((check, i) => [check.id, files[i]!._streamscope.losses.map((loss) => loss.code)]))).toEqual({
      'chat.text': ['fields'],
      'chat.usage': ['usage', 'fields'],
      'chat.no-usage': ['fields'],
      'chat.tools': ['empty-chunks', 'fields', 'rechunked'],
      'chat.parallel-tools': ['empty-chunks', 'fields', 'rechunked', 'reordered'],
      'chat.n': ['other-choices', 'fields'],
      'chat.max-tokens': ['fields'],
      'chat.error': [],
    });
  });

  it('passes every check but chat.n, which it fails because a fixture holds one choice', () => {
    expect(statuses(served)).toEqual({ ...statuses(direct), 'chat.n': 'fail' });
    const n = served.results.find((result) => result.id === 'chat.n')!;
    expect(n.summary).toBe('choices-wrong: With n: 2, 2 choices, indexes 0 to 1, each with its role, content and finish reason. The choices\' indexes are 0. openai-node\'s stream iterator and its finalChatCompletion() resolve without error with the one choice sent: the app asked for 2 answers and silently gets one choice.');
  });

  it('sends each client the message it recorded: the same text, finish reason and tool calls', () => {
    const streamed = CHAT.flatMap((check, i) => (check.expects === 'stream' && check.id !== 'chat.n' ? [i] : []));
    expect(streamed.map((i) => message(served.recordings[i]!))).toEqual(streamed.map((i) => message(direct.recordings[i]!)));
    // Of chat.n's two choices, the first is served.
    const n = CHAT.findIndex((check) => check.id === 'chat.n');
    expect(message(served.recordings[n]!)).toEqual(message(direct.recordings[n]!).slice(0, 1));
  });
});
