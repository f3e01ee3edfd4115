// What `streamscope check-client --json` prints (issue 30, "The command"): the command, each
// case's verdict with what the command did (exit code, duration, the head and tail of its output,
// the requests it made) and the recording of the stream it was served, and the counts. One shape,
// which the terminal table and the HTML report read too.

import { descriptorOf } from '../../dialects/registry.ts';
import type { Protocol } from '../../dialects/types.ts';
import { CLIENT_VERDICTS, PASSING } from './judge.ts';
import type { ClientVerdict } from './judge.ts';
import type { CaseExpect } from './types.ts';

/** How much of the head and of the tail of stdout and stderr a result keeps. */
export const KEPT_OUTPUT_BYTES = 2048;

/** A request the command made to the mock: its body as JSON when it parses, else its text. */
export interface MockRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export interface ClientCaseResult {
  readonly id: string;
  readonly protocol: Protocol;
  readonly expect: CaseExpect;
  readonly verdict: ClientVerdict;
  readonly summary: string;
  readonly exitCode: number | null;
  readonly durationMs: number;
  /** The first and last KEPT_OUTPUT_BYTES, with a line between them saying how much was left out. */
  readonly stdout: string;
  readonly stderr: string;
  readonly requests: readonly MockRequest[];
  /** The case's stream as stored; null with --no-store. */
  readonly recordingId: number | null;
}

export interface ClientReport {
  readonly command: string;
  readonly cases: readonly (Omit<ClientCaseResult, 'protocol'> & { readonly api: string })[];
  readonly counts: Readonly<Record<ClientVerdict, number>>;
}

export function clientReport(command: string, results: readonly ClientCaseResult[]): ClientReport {
  const counts = Object.fromEntries(CLIENT_VERDICTS.map((verdict) => [verdict, 0])) as Record<ClientVerdict, number>;
  for (const result of results) counts[result.verdict]++;
  return {
    command,
    cases: results.map(({ id, protocol, expect, verdict, summary, exitCode, durationMs, stdout, stderr, requests, recordingId }) => ({ id, api: descriptorOf(protocol).word, expect, verdict, summary, exitCode, durationMs, stdout, stderr, requests, recordingId })),
    counts,
  };
}

export function clientRunFailed(report: ClientReport): boolean {
  return report.cases.some((result) => !PASSING.has(result.verdict));
}

/** The head and tail of an output whose middle was left out: `head`, `tail` and the bytes between them. */
export function keptOutput(head: string, tail: string, leftOut: number): string {
  return leftOut === 0 ? head + tail : `${head}\n… ${leftOut.toLocaleString('en-US')} bytes left out …\n${tail}`;
}

/** An argv as one line a user could paste in a shell. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)).join(' ');
}
