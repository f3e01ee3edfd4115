// Real clients, none written here, against the replay server: the official openai SDK (its
// stream helper's finalChatCompletion() and the plain async iterator of create({stream: true}))
// and the Vercel AI SDK 6 (streamText over @ai-sdk/openai-compatible) read every simulator
// scenario and every captured real stream. What each ends with equals our analysis's message
// (content, reasoning, refusal, tool calls, finish reason, usage, as far as the client exposes
// them), or differs exactly as the exceptions table says, with why.

import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import { ourView } from '../../../../shared/test/clients.ts';
import type { ClientRequest } from '../../../../shared/test/clients.ts';
import { realStreams } from '../../../../shared/test/streams.ts';
import { scenariosOf, startSimulator } from '../../simulator/index.ts';
import { exchange, toRecording } from '../../simulator/test-helpers.ts';
import { startReplayServer } from '../index.ts';
import { CLIENT_NAMES, expectClient, runClients, viewBefore } from './expect.ts';
import { CORPUS_EXCEPTIONS, SCENARIO_EXCEPTIONS } from './exceptions.ts';
import type { ClientException, ClientName } from './exceptions.ts';

interface Source {
  readonly name: string;
  readonly recording: Recording;
  readonly request: ClientRequest;
  readonly exceptions: Partial<Record<ClientName, ClientException>>;
}

const sources: Source[] = [];
const timedAtPace: Source[] = [];

/** A simulator scenario as recorded; the request the clients send is the recorded one (the replay matches model and messages). */
async function recordScenario(url: string, name: string, timed: boolean): Promise<Source> {
  const recorded = await exchange(url, { model: `sim-${name}`, seed: 11, stream_options: { include_usage: true } });
  const recording = toRecording(recorded, timed);
  const request: ClientRequest = {
    model: recorded.requestBody.model as string,
    messages: recorded.requestBody.messages as ClientRequest['messages'],
    includeUsage: true,
  };
  return { name, recording, request, exceptions: SCENARIO_EXCEPTIONS[name] ?? {} };
}

beforeAll(async () => {
  const fast = await startSimulator({ port: 0, timeScale: 0 });
  const paced = await startSimulator({ port: 0, timeScale: 0.2 });
  try {
    for (const scenario of scenariosOf('chat-completions')) sources.push(await recordScenario(fast.url, scenario.name, true));
    for (const name of ['text', 'parallel-tool-calls', 'reasoning']) timedAtPace.push(await recordScenario(paced.url, name, true));
  } finally {
    await Promise.all([fast.close(), paced.close()]);
  }
  for (const { name, bytes } of realStreams()) {
    // A plain .sse answers any request: the clients ask as a user would, for usage too.
    sources.push({ name, recording: recordingFromSse(bytes), request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], includeUsage: true }, exceptions: CORPUS_EXCEPTIONS[name] ?? {} });
  }
});

const SCENARIO_NAMES = scenariosOf('chat-completions').map((scenario) => scenario.name);
const CORPUS_NAMES = realStreams().map(({ name }) => name);

/** Replays `source` at `speed` and checks every client against our analysis of it. */
async function check(source: Source, speed: number): Promise<void> {
  const server = await startReplayServer({ sources: [{ label: source.name, recording: source.recording }], speed });
  try {
    const ours = ourView(analyzeRecording(source.recording));
    const tools = (ours.tool_calls ?? []).flatMap((call) => (call.name ? [call.name] : []));
    const ends = await runClients(server.baseUrl, source.request, tools);
    for (const client of CLIENT_NAMES) {
      const exception = source.exceptions[client];
      const before = exception?.stopsAt === undefined ? undefined : viewBefore(source.recording, exception.stopsAt);
      expectClient(client, ends[client], ours, exception, before);
    }
  } finally {
    await server.close();
  }
}

describe('real clients read every simulator scenario from the replay server (speed 0)', () => {
  it('has exceptions only for scenarios and clients that exist', () => {
    expect(Object.keys(SCENARIO_EXCEPTIONS).filter((name) => !SCENARIO_NAMES.includes(name))).toEqual([]);
  });

  it.each(SCENARIO_NAMES)('%s', async (name) => {
    await check(sources.find((source) => source.name === name)!, 0);
  });
});

describe('real clients read every captured real stream from the replay server (speed 0)', () => {
  it('has exceptions only for streams that exist', () => {
    expect(Object.keys(CORPUS_EXCEPTIONS).filter((name) => !CORPUS_NAMES.includes(name))).toEqual([]);
  });

  it.each(CORPUS_NAMES)('%s', async (name) => {
    await check(sources.find((source) => source.name === name)!, 0);
  });
});

describe('real clients at the recorded pace (speed 1)', () => {
  it.each(['text', 'parallel-tool-calls', 'reasoning'])('%s, recorded at a fifth of real time, replayed at speed 1', async (name) => {
    await check(timedAtPace.find((source) => source.name === name)!, 1);
  });
});
