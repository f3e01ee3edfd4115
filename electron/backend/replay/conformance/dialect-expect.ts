// What the official SDKs of the other two dialects should end with, from our analysis, and the one
// way a test checks it (as expect.ts does for Chat Completions): the analysis' final object (the
// contract's `response` / `message`), that object with the fields where the SDK is known to part
// from it, or the error the SDK throws, with the finding that names the fault.

import { expect } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { toContract } from '../../../../shared/analysis/contract.ts';
import type { MessagesContract, ResponsesContract } from '../../../../shared/analysis/contract.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { ReplayFaults } from '../../../../shared/replay/faults.ts';
import type { ReplayPlan } from '../../../../shared/replay/plan.ts';
import { messagesFinal, responsesFinal } from '../../../../shared/test/dialect-clients.ts';
import type { MessagesAsk, ResponsesAsk, SdkEnd, SdkError } from '../../../../shared/test/dialect-clients.ts';
import { DIALECT_QUESTION } from '../../../../shared/test/replay-support.ts';
import type { Dialect } from '../../../../shared/test/replay-support.ts';
import { startReplayServer } from '../index.ts';

/** What the SDK ends with: the analysis' final object; it with these fields (paths) at the SDK's values; or the error it throws. */
export type SdkOutcome = { readonly final: true } | { readonly differs: Readonly<Record<string, unknown>> } | { readonly throws: SdkError | { readonly name: string; readonly message: unknown } };

export interface DialectExpectation {
  readonly sdk: SdkOutcome;
  /** The analysis' warnings and errors, sorted (timing findings aside: a loaded machine makes them on its own). */
  readonly codes: readonly string[];
  /** Where the SDK throws or differs: the finding among `codes` that names the fault. */
  readonly names?: string;
}

/** The SDK ends with our final object, and the analysis finds these (none by default). */
export const clean = (codes: string[] = []): DialectExpectation => ({ sdk: { final: true }, codes });

/** What a run gave: the SDK's end, our final object as JSON, our warnings and errors. */
export interface DialectRun {
  readonly sdk: SdkEnd;
  readonly ours: unknown;
  readonly codes: string[];
}

type Json = Record<string, unknown>;
const TIMING = new Set(['buffered-delivery', 'idle-gap']);

/** The SDK's request: the recorded one (the replay matches it), else a user's question (a recording without a body answers any request of its dialect). */
export function askFor(dialect: Dialect, recording: Recording): ResponsesAsk | MessagesAsk {
  const body = (recording.request?.body ?? {}) as Json;
  if (dialect === 'responses') return { model: (body.model as string) ?? 'gpt-5', input: (body.input as string) ?? DIALECT_QUESTION };
  return { model: (body.model as string) ?? 'claude-sonnet-4-6', max_tokens: (body.max_tokens as number) ?? 1024, messages: (body.messages as MessagesAsk['messages']) ?? [{ role: 'user', content: DIALECT_QUESTION }] };
}

/** The analysis' final object of the dialect, as JSON, and its warnings and errors, each once, sorted, timing aside. */
export function ourEnd(recording: Recording, dialect: Dialect): { ours: unknown; codes: string[] } {
  const analysis = analyzeRecording(recording);
  const contract = toContract(analysis);
  const ours = dialect === 'responses' ? (contract as ResponsesContract).response : (contract as MessagesContract).message;
  const codes = [...new Set(analysis.diagnostics.filter((d) => d.severity !== 'info' && !TIMING.has(d.code)).map((d) => d.code))].sort();
  return { ours: JSON.parse(JSON.stringify(ours ?? null)) as unknown, codes };
}

/** What a client recorded of a replay: the bytes the plan sends, as they come, on the recording's request, cut where the plan cuts. */
export function sentRecording(recording: Recording, plan: ReplayPlan): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: recording.request,
    response: plan.status === null ? null : { t: 0, status: plan.status, httpVersion: '1.1', headers: Object.fromEntries(plan.headers) },
    reads: plan.writes.map((write) => ({ t: null, bytes: write.bytes })),
    end: { t: null, outcome: plan.end.how === 'end' ? 'eof' : 'error', ...(plan.end.how === 'end' ? {} : { error: 'terminated' }) },
  };
}

/**
 * Serves the recording (at `speed`, with `faults`) and reads it with the dialect's SDK; beside it,
 * the analysis of `analysed` (default: the recording itself).
 */
export async function runDialect(dialect: Dialect, recording: Recording, options: { speed?: number; faults?: ReplayFaults; analysed?: Recording } = {}): Promise<DialectRun> {
  const server = await startReplayServer({ sources: [{ label: 'recording', recording }], speed: options.speed ?? 0, faults: options.faults });
  try {
    const ask = askFor(dialect, recording);
    const sdk = dialect === 'responses' ? await responsesFinal(server.baseUrl, ask as ResponsesAsk) : await messagesFinal(server.baseUrl, ask as MessagesAsk);
    return { sdk, ...ourEnd(options.analysed ?? recording, dialect) };
  } finally {
    await server.close();
  }
}

/** `value` with the fields at these paths (`output[0].content[0].text`) set. */
export function withFields(value: unknown, fields: Readonly<Record<string, unknown>>): unknown {
  const copy = structuredClone(value) as Json;
  for (const [path, field] of Object.entries(fields)) {
    const steps = path.match(/[^.[\]]+/g)!;
    let at: Json = copy;
    for (const step of steps.slice(0, -1)) at = at[step] as Json;
    at[steps.at(-1)!] = field;
  }
  return copy;
}

/** The run ends as expected: the SDK's end exactly, our findings exactly, and the finding that names a failure among them. */
export function expectRun(run: DialectRun, expected: DialectExpectation): void {
  const { sdk } = expected;
  if ('throws' in sdk) expect(run.sdk).toEqual({ ok: false, error: sdk.throws });
  else expect(run.sdk).toEqual({ ok: true, final: 'differs' in sdk ? withFields(run.ours, sdk.differs) : run.ours });
  expect(run.codes).toEqual(expected.codes);
  if ('final' in sdk) expect(expected.names).toBeUndefined();
  else expect(run.codes).toContain(expected.names);
}
