// The server battery's runner (issue 29, `streamscope check`): sends each check's request with the
// recorder, one at a time, every exchange kept as an ordinary recording, and judges it
// (shared/conformance/server/judge.ts). Bounded: each request has a total time and a body size
// past which it is cut and failed, so a server that never answers, answers forever or sends a
// huge body is reported, never waited on. A dialect the server does not serve (404 for its path)
// is skipped, with the reason.

import { judgeCheck } from '../../../shared/conformance/server/judge.ts';
import type { CheckResult } from '../../../shared/conformance/server/report.ts';
import type { CheckFinding, ServerCheck } from '../../../shared/conformance/server/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import { endpointUrl, withProtocolHeaders } from '../recorder/profiles.ts';
import { recordStream } from '../recorder/record.ts';
import type { Store } from '../store/index.ts';

export const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
export const DEFAULT_CHECK_MAX_BYTES = 16 * 1024 * 1024;

export interface CheckRunOptions {
  /** Up to /v1: each dialect's path goes after it (recorder/profiles.ts's endpointUrl). */
  readonly baseUrl: string;
  readonly checks: readonly ServerCheck[];
  /** The model each check asks for (one for all, or by check: the simulator names its scenarios by model). */
  readonly model: string | ((check: ServerCheck) => string);
  /** Sent with every request (the key among them); the dialect's own headers (anthropic-version) are added unless given. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The key's header for a dialect's requests (its SDK's way: Authorization or x-api-key); stored redacted. */
  readonly keyHeaders?: (protocol: Protocol) => Readonly<Record<string, string>>;
  /** More header names that are secrets, redacted in what is kept. */
  readonly secretHeaders?: readonly string[];
  /** Each request's whole time, from sending to the last byte. */
  readonly timeoutMs?: number;
  /** Body bytes past which a request is cut and its check failed. */
  readonly maxBodyBytes?: number;
  /** Where every exchange is kept as a recording (named `check ID`); none: kept in memory only. */
  readonly store?: Store;
  readonly signal?: AbortSignal;
  /** Each verdict as it is judged. */
  readonly onResult?: (result: CheckResult) => void;
}

export type { CheckResult };

export interface CheckRun {
  readonly results: readonly CheckResult[];
  /** Each result's recording, in the same order (null for a check skipped without asking): the HTML report draws them. */
  readonly recordings: readonly (Recording | null)[];
  /** True when no request reached the server at all (a refused connection, a name that does not resolve). */
  readonly unreachable: boolean;
}

/** Why the runner cut a request short, as a finding of the check. */
type Cut = { readonly code: 'check-timed-out' | 'body-too-large'; readonly message: string };

export async function runChecks(options: CheckRunOptions): Promise<CheckRun> {
  const results: CheckResult[] = [];
  const recordings: (Recording | null)[] = [];
  const unserved = new Map<Protocol, string>();
  let reached = false;
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_CHECK_MAX_BYTES;
  for (const check of options.checks) {
    if (options.signal?.aborted) break;
    const skipped = unserved.get(check.protocol);
    const result = skipped !== undefined ? skip(check, skipped) : await runOne(check, options, timeoutMs, maxBodyBytes);
    if (result.reached) reached = true;
    if (result.unserved !== null) unserved.set(check.protocol, result.unserved);
    results.push(result.result);
    recordings.push(result.recording);
    options.onResult?.(result.result);
  }
  return { results, recordings, unreachable: !reached && results.length > 0 };
}

/** A check's outcome as the runner keeps it. */
interface Outcome {
  readonly result: CheckResult;
  readonly recording: Recording | null;
  readonly reached: boolean;
  /** Set when the server does not serve the check's dialect: why. */
  readonly unserved: string | null;
}

function skip(check: ServerCheck, why: string): Outcome {
  return { result: { id: check.id, protocol: check.protocol, status: 'skip', summary: why, expected: [], findings: [], recordingId: null }, recording: null, reached: false, unserved: why };
}

async function runOne(check: ServerCheck, options: CheckRunOptions, timeoutMs: number, maxBodyBytes: number): Promise<Outcome> {
  const url = endpointUrl(options.baseUrl, check.protocol);
  if (url === null) throw new RangeError(`runChecks: ${JSON.stringify(options.baseUrl)} is not a URL`);
  const model = typeof options.model === 'function' ? options.model(check) : options.model;
  const controller = new AbortController();
  let cut: Cut | null = null;
  const stop = (why: Cut): void => {
    if (cut !== null) return;
    cut = why;
    controller.abort();
  };
  const timer = setTimeout(() => stop({ code: 'check-timed-out', message: `The answer did not end within ${timeoutMs / 1000} s: the request was cut.` }), timeoutMs);
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  let bytes = 0;
  try {
    const recorded = await recordStream({
      url: url.href,
      headers: withProtocolHeaders(check.protocol, { ...options.headers, ...options.keyHeaders?.(check.protocol) }),
      ...(options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}),
      body: check.body(model),
      timeouts: { firstByteMs: timeoutMs, idleMs: timeoutMs },
      signal: controller.signal,
      name: `check ${check.id}`,
      ...(options.store ? { store: options.store } : {}),
      // One byte more than the bound is kept, so that a body past it is seen to be (the read that crosses the cap is cut there).
      maxRecordingBytes: maxBodyBytes + 1,
      onRead: (_t, read) => {
        bytes += read.length;
        if (bytes > maxBodyBytes) stop({ code: 'body-too-large', message: `The body passed ${maxBodyBytes.toLocaleString('en-US')} bytes: the request was cut.` });
      },
    });
    const { analysis } = recorded;
    const status = analysis.recording.response?.status;
    if (status === 404) {
      const why = `The server answers 404 for POST ${url.pathname}: it does not serve ${descriptorOf(check.protocol).name}.`;
      return { result: { ...skip(check, why).result, recordingId: recorded.id }, recording: recorded.recording, reached: true, unserved: why };
    }
    const verdict = judgeCheck(check, analysis);
    const reached = analysis.recording.response !== null;
    if (cut === null && reached) return { result: { ...verdict, recordingId: recorded.id }, recording: recorded.recording, reached, unserved: null };
    const cutShort: Cut = cut ?? { code: 'check-timed-out', message: analysis.recording.end?.error ?? 'No response came.' };
    const finding: CheckFinding = { code: cutShort.code, severity: 'error', message: cutShort.message };
    return { result: { ...verdict, status: 'fail', summary: `${finding.code}: ${finding.message}`, findings: [...verdict.findings, finding], recordingId: recorded.id }, recording: recorded.recording, reached, unserved: null };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
