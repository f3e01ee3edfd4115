// The server battery's runner (issue 29, `streamscope check`): sends each check's request with the
// recorder, one at a time or `concurrency` at once, every exchange kept as an ordinary recording
// (source 'check', tagged with its run), and judges it (shared/conformance/server/judge.ts).
// Bounded (bounded-record.ts): each request has a whole time and a body size past which it is cut
// and failed, and the run a total past which nothing more is sent, so a server that never answers,
// answers forever or sends a huge body is reported, never waited on. A
// dialect the server does not serve (404 for its path) is skipped, with the reason: the first 404
// marks it, and its checks not yet sent are skipped without asking.

import { judgeCheck } from '../../../shared/conformance/server/judge.ts';
import type { CheckResult } from '../../../shared/conformance/server/report.ts';
import type { RunnerFindingCode } from '../../../shared/conformance/server/runner-findings.ts';
import type { CheckFinding, ServerCheck } from '../../../shared/conformance/server/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import { endpointUrl, withProtocolHeaders } from '../recorder/profiles.ts';
import type { Store } from '../store/index.ts';
import { recordBounded } from './bounded-record.ts';
import type { BoundCut, BoundedRequest } from './bounded-record.ts';

export const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
export const DEFAULT_CHECK_MAX_BYTES = 16 * 1024 * 1024;
/** The whole run's time: the 18 checks of three dialects at their longest, one at a time, are 18 minutes. */
export const DEFAULT_CHECK_RUN_TIMEOUT_MS = 20 * 60_000;
/** More requests at once than this is a load test, not a check. */
export const MAX_CHECK_CONCURRENCY = 16;

/** The tag a run's recordings carry, for the history's filter. */
export const checkRunTag = (runId: number): string => `check-run:${runId}`;

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
  /** The whole run's time: a request under way when it passes is cut and failed, the checks not yet sent are skipped. */
  readonly runTimeoutMs?: number;
  /** Where every exchange is kept as a recording (named `check ID`, source 'check'); none: kept in memory only. */
  readonly store?: Store;
  /** The stored run the requests belong to: each recording is tagged `check-run:ID`. */
  readonly runId?: number;
  /** Requests at once (default 1: a rate-limited server), 1 to MAX_CHECK_CONCURRENCY. */
  readonly concurrency?: number;
  /** Stops the run: no check is sent after it, and a check it cuts short gets no verdict (its recording ends aborted). */
  readonly signal?: AbortSignal;
  /** Each verdict as it is judged (with concurrency, in the order they finish). */
  readonly onResult?: (result: CheckResult) => void;
}

export type { CheckResult };

export interface CheckRun {
  /** In battery order, whatever order they finished in; a run stopped by its signal has the checks judged before. */
  readonly results: readonly CheckResult[];
  /** Each result's recording, in the same order (null for a check skipped without asking): the HTML report draws them. */
  readonly recordings: readonly (Recording | null)[];
  /** True when no request reached the server at all (a refused connection, a name that does not resolve). */
  readonly unreachable: boolean;
}

/** The bounds of one request of the run. */
interface Bounds {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly runTimeoutMs: number;
  /** performance.now() past which the run sends nothing more. */
  readonly deadline: number;
}

export async function runChecks(options: CheckRunOptions): Promise<CheckRun> {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CHECK_CONCURRENCY) throw new RangeError(`runChecks: concurrency is a whole number from 1 to ${MAX_CHECK_CONCURRENCY}, not ${concurrency}`);
  const outcomes: (Outcome | null)[] = options.checks.map(() => null);
  const unserved = new Map<Protocol, string>();
  const runTimeoutMs = options.runTimeoutMs ?? DEFAULT_CHECK_RUN_TIMEOUT_MS;
  const bounds: Bounds = { timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_CHECK_MAX_BYTES, runTimeoutMs, deadline: performance.now() + runTimeoutMs };
  let next = 0;
  // Each worker takes the next check not yet taken: at most `concurrency` requests are under way.
  const worker = async (): Promise<void> => {
    while (next < options.checks.length && !options.signal?.aborted) {
      const at = next++;
      const check = options.checks[at]!;
      const skipped = unserved.get(check.protocol) ?? (performance.now() >= bounds.deadline ? `Not sent: the run's total time, ${runTimeoutMs / 1000} s, had passed.` : undefined);
      const outcome = skipped !== undefined ? skip(check, skipped) : await runOne(check, options, bounds);
      if (outcome === null) return;
      if (outcome.unserved !== null && outcome.reached && !unserved.has(check.protocol)) unserved.set(check.protocol, outcome.unserved);
      outcomes[at] = outcome;
      options.onResult?.(outcome.result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, options.checks.length) }, worker));
  const done = outcomes.filter((outcome): outcome is Outcome => outcome !== null);
  return {
    results: done.map((outcome) => outcome.result),
    recordings: done.map((outcome) => outcome.recording),
    unreachable: done.length > 0 && !done.some((outcome) => outcome.reached),
  };
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

/** The check's outcome; null when the run's signal stopped it before its verdict. */
async function runOne(check: ServerCheck, options: CheckRunOptions, bounds: Bounds): Promise<Outcome | null> {
  const model = typeof options.model === 'function' ? options.model(check) : options.model;
  const url = endpointUrl(options.baseUrl, check.protocol, model);
  if (url === null) throw new RangeError(`runChecks: ${JSON.stringify(options.baseUrl)} is not a URL`);
  // The request's own time, unless less of the run's is left: then a cut is the run's.
  const left = Math.max(1, Math.ceil(bounds.deadline - performance.now()));
  const runs = left < bounds.timeoutMs;
  const limits = { timeoutMs: runs ? left : bounds.timeoutMs, maxBodyBytes: bounds.maxBodyBytes };
  const { recorded, cut } = await recordBounded({
    ...limits,
    url: url.href,
    headers: withProtocolHeaders(check.protocol, { ...options.headers, ...options.keyHeaders?.(check.protocol) }),
    ...(options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}),
    body: check.body(model),
    ...(options.signal ? { signal: options.signal } : {}),
    name: `check ${check.id}`,
    source: 'check',
    ...(options.runId !== undefined ? { tags: [checkRunTag(options.runId)] } : {}),
    ...(options.store ? { store: options.store } : {}),
  });
  // Cut by the run's own stop, not by the server: the recording stays (aborted), the check has no verdict.
  if (options.signal?.aborted && cut === null) return null;
  const { analysis } = recorded;
  const status = analysis.recording.response?.status;
  if (status === 404) {
    const why = `The server answers 404 for POST ${url.pathname}: it does not serve ${descriptorOf(check.protocol).name}.`;
    return { result: { ...skip(check, why).result, recordingId: recorded.id }, recording: recorded.recording, reached: true, unserved: why };
  }
  const verdict = judgeCheck(check, analysis);
  const reached = analysis.recording.response !== null;
  if (cut === null && reached) return { result: { ...verdict, recordingId: recorded.id }, recording: recorded.recording, reached, unserved: null };
  const finding: CheckFinding = cutFinding(cut, runs, limits, bounds.runTimeoutMs) ?? { code: 'check-timed-out', severity: 'error', message: analysis.recording.end?.error ?? 'No response came.' };
  return { result: { ...verdict, status: 'fail', summary: `${finding.code}: ${finding.message}`, findings: [...verdict.findings, finding], recordingId: recorded.id }, recording: recorded.recording, reached, unserved: null };
}

/** A request the bounds cut, as a finding of its check (shared/conformance/server/runner-findings.ts). */
function cutFinding(cut: BoundCut | null, runs: boolean, limits: Pick<BoundedRequest, 'timeoutMs' | 'maxBodyBytes'>, runTimeoutMs: number): CheckFinding | null {
  if (cut === null) return null;
  const code: RunnerFindingCode = cut === 'size' ? 'body-too-large' : runs ? 'run-timed-out' : 'check-timed-out';
  const message = {
    'run-timed-out': `The run's total time, ${runTimeoutMs / 1000} s, passed while it was under way: the request was cut.`,
    'check-timed-out': `The answer did not end within ${limits.timeoutMs / 1000} s: the request was cut.`,
    'body-too-large': `The body passed ${limits.maxBodyBytes.toLocaleString('en-US')} bytes: the request was cut.`,
  }[code];
  return { code, severity: 'error', message };
}
