// The client cases' runner (issue 30, `streamscope check-client -- CMD`): for each case, a
// loopback mock serving its stream (mock.ts), the command run once against it with the
// environment the common SDKs read (command.ts), the verdict judged (shared/conformance/client/
// judge.ts), and the stream stored as a recording (source `check`, tagged `check-client`) with
// the first request the command made, so a failing case opens in the app and exports as a fixture.

import { judgeCase } from '../../../shared/conformance/client/judge.ts';
import type { ClientCaseResult, MockRequest } from '../../../shared/conformance/client/report.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import type { Store } from '../store/index.ts';
import { runCommand } from './command.ts';
import { startCaseMock } from './mock.ts';

export const DEFAULT_CASE_TIMEOUT_MS = 30_000;

/** Placeholder keys: an SDK refuses to start without one; the mock takes any. */
export const PLACEHOLDER_KEYS = { OPENAI_API_KEY: 'sk-streamscope-check-client', ANTHROPIC_API_KEY: 'sk-ant-streamscope-check-client', GEMINI_API_KEY: 'streamscope-check-client', AWS_BEARER_TOKEN_BEDROCK: 'streamscope-check-client', AWS_ACCESS_KEY_ID: 'AKIASTREAMSCOPECHECK', AWS_SECRET_ACCESS_KEY: 'streamscope-check-client' } as const;

export interface ClientRunOptions {
  readonly argv: readonly string[];
  readonly cases: readonly ClientCase[];
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** The environment the command starts from (default process.env); the mock's variables are set over it. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly store?: Store;
  /** Tags each stored stream gets besides `check-client` and `case:ID` (the app's run tag). */
  readonly tags?: readonly string[];
  /** Stops the run: the current case's process group is killed and that case is not judged. */
  readonly signal?: AbortSignal;
  readonly onResult?: (result: ClientCaseResult) => void;
}

export interface ClientRun {
  readonly results: readonly ClientCaseResult[];
  /** Each result's stream as served (and stored), in the same order. */
  readonly recordings: readonly Recording[];
}

/** The command could not be started at all: no case can be judged (the CLI's exit 2). */
export class CommandNotStarted extends Error {
  override name = 'CommandNotStarted';
}

/** What the command is told: where the mock is, for every SDK's variable, and which case it is. */
export function caseEnvironment(base: Readonly<Record<string, string | undefined>>, mockBaseUrl: string, kase: ClientCase): Record<string, string | undefined> {
  const origin = mockBaseUrl.replace(/\/v1$/, '');
  return {
    ...base,
    ...PLACEHOLDER_KEYS,
    OPENAI_BASE_URL: mockBaseUrl,
    ANTHROPIC_BASE_URL: origin,
    // @google/genai's (it adds /v1beta/models/MODEL:streamGenerateContent itself).
    GOOGLE_GEMINI_BASE_URL: origin,
    // @aws-sdk/client-bedrock-runtime's (it adds /model/MODEL/converse-stream itself), with a region it requires.
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: origin,
    AWS_REGION: base.AWS_REGION ?? 'us-east-1',
    STREAMSCOPE_BASE_URL: mockBaseUrl,
    STREAMSCOPE_CASE: kase.id,
    STREAMSCOPE_API: descriptorOf(kase.protocol).word,
    // A proxy set in the environment must not carry loopback requests elsewhere.
    NO_PROXY: [base.NO_PROXY, '127.0.0.1', 'localhost'].filter(Boolean).join(','),
  };
}

export async function runClientCases(options: ClientRunOptions): Promise<ClientRun> {
  const results: ClientCaseResult[] = [];
  const recordings: Recording[] = [];
  for (const kase of options.cases) {
    if (options.signal?.aborted) break;
    const judged = await runCase(kase, options);
    // A case cut short by the signal says nothing of the client: it is left out, not judged.
    if (judged === null) break;
    const { result, recording } = judged;
    results.push(result);
    recordings.push(recording);
    options.onResult?.(result);
  }
  return { results, recordings };
}

async function runCase(kase: ClientCase, options: ClientRunOptions): Promise<{ result: ClientCaseResult; recording: Recording } | null> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const mock = await startCaseMock(kase);
  try {
    // Stopped while the mock started: the command's run would not hear of it.
    if (options.signal?.aborted) return null;
    const run = await runCommand({ argv: options.argv, env: caseEnvironment(options.env ?? process.env, mock.baseUrl, kase), timeoutMs, ...(options.cwd === undefined ? {} : { cwd: options.cwd }), ...(options.signal ? { signal: options.signal } : {}) });
    if (run.startError !== null) throw new CommandNotStarted(run.startError);
    if (options.signal?.aborted) return null;
    const requests = [...mock.requests];
    const { verdict, summary } = judgeCase(kase, { exitCode: run.exitCode, signal: run.signal, stdout: run.stdout, stdoutBytes: run.stdoutBytes, timedOut: run.timedOut, timeoutMs, requests: requests.length });
    const recording = servedRecording(kase, mock.baseUrl, requests[0]);
    const recordingId = options.store ? options.store.importRecording(recording, { name: `check-client ${descriptorOf(kase.protocol).word} ${kase.id}`, tags: ['check-client', `case:${kase.id}`, ...(options.tags ?? [])] }) : null;
    const result: ClientCaseResult = { id: kase.id, protocol: kase.protocol, expect: kase.expect, verdict, summary, exitCode: run.exitCode, durationMs: run.durationMs, stdout: run.stdoutKept, stderr: run.stderrKept, requests, recordingId };
    return { result, recording };
  } finally {
    await mock.close();
  }
}

/** The case's stream with the request the command made (its method, URL and body), when it made one. */
function servedRecording(kase: ClientCase, mockBaseUrl: string, first: MockRequest | undefined): Recording {
  const origin = mockBaseUrl.replace(/\/v1$/, '');
  const request = first === undefined ? kase.recording.request : { method: first.method, url: origin + first.path, headers: {}, body: first.body };
  return { ...kase.recording, startedAt: new Date().toISOString(), request };
}
