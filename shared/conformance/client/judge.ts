// A case's verdict from what the command did (issue 30, "The command"). Pure: the runner runs,
// this judges. A valid stream must be survived (exit 0, the same text and tool calls), a broken
// one detected (a non-zero exit or a reported error, within the timeout). `wrong` is the worst:
// a clean exit with another answer, or a broken stream taken as complete. A command that never
// reached the mock is judged on nothing it was served, so that is its verdict, whatever it did.

import { outputDifferences, readOutput } from './output.ts';
import type { ClientCase } from './types.ts';

export type ClientVerdict = 'survived' | 'detected' | 'wrong' | 'crashed' | 'hung' | 'no-request';

export const CLIENT_VERDICTS: readonly ClientVerdict[] = ['survived', 'detected', 'wrong', 'crashed', 'hung', 'no-request'];

/** The verdicts that pass a case. */
export const PASSING: ReadonlySet<ClientVerdict> = new Set(['survived', 'detected']);

/** What the command did on a case, as the runner saw it. */
export interface CommandOutcome {
  /** Null when a signal ended it (the timeout's kill among them). */
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** What it printed, up to the bound the runner reads (`stdoutBytes` says how much there was). */
  readonly stdout: string;
  readonly stdoutBytes: number;
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  /** How many requests reached the mock. */
  readonly requests: number;
}

export interface Judgement {
  readonly verdict: ClientVerdict;
  /** One line: why. */
  readonly summary: string;
}

function ended(outcome: CommandOutcome): string {
  return outcome.exitCode === null ? `was killed by ${outcome.signal ?? 'a signal'}` : `exited ${outcome.exitCode}`;
}

export function judgeCase(kase: ClientCase, outcome: CommandOutcome): Judgement {
  if (outcome.timedOut) return { verdict: 'hung', summary: `Still running after ${outcome.timeoutMs / 1000} s: killed${outcome.requests === 0 ? '; it made no request to the mock' : ''}.` };
  if (outcome.requests === 0) return { verdict: 'no-request', summary: `Made no request to the mock (it ${ended(outcome)}): it ignores the base URL given in OPENAI_BASE_URL / ANTHROPIC_BASE_URL / STREAMSCOPE_BASE_URL, or calls elsewhere.` };
  const truncated = outcome.stdoutBytes > utf8Length(outcome.stdout);
  const read = readOutput(outcome.stdout);
  if (kase.expect === 'detect') {
    if (outcome.exitCode !== 0) return { verdict: 'detected', summary: `It ${ended(outcome)} on a broken stream.` };
    if (read.kind === 'error') return { verdict: 'detected', summary: `It reported an error: ${clip(read.error)}` };
    return { verdict: 'wrong', summary: `It exited 0 with an answer: a broken stream accepted as complete${read.output.text === '' ? '' : ` (${JSON.stringify(clip(read.output.text))})`}.` };
  }
  if (outcome.exitCode !== 0) return { verdict: 'crashed', summary: `It ${ended(outcome)} on a valid stream.` };
  if (read.kind === 'error') return { verdict: 'crashed', summary: `It reported an error on a valid stream: ${clip(read.error)}` };
  if (truncated) return { verdict: 'wrong', summary: `It printed ${outcome.stdoutBytes.toLocaleString('en-US')} bytes, more than any answer of this case: not the answer.` };
  const differences = outputDifferences(kase.expected!, read.output);
  if (differences.length > 0) return { verdict: 'wrong', summary: `It exited 0 with another answer: ${differences.join('; ')}.` };
  const calls = kase.expected!.toolCalls.length;
  return { verdict: 'survived', summary: calls === 0 ? 'The same text.' : `The same text and ${calls === 1 ? 'tool call' : `${calls} tool calls`}.` };
}

/** The UTF-8 length of a string, without Buffer (shared/ is pure). */
function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
