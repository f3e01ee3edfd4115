// The server battery's shape (issue 29, `streamscope check`): each check sends one streamed request
// and judges its recording's analysis by rules, each rule saying what a faithful server does, the
// reference it comes from, and whether breaking it fails the check (an official SDK breaks, or a
// client silently gets something else) or only warns (a careful client survives it). One table a
// dialect, read by the command, the report and the app alike, so a rule is written once.

import type { Analysis } from '../../analysis/analyze.ts';
import type { Severity } from '../../findings/finding.ts';
import type { Protocol } from '../../dialects/types.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

/** What a check found: a diagnostics-catalogue code the recording produced, or a broken rule's own code. */
export interface CheckFinding {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
}

/** One thing a faithful server does. */
export interface CheckRule {
  /** The finding's code when the rule is broken (catalogued in docs/conformance.md). */
  readonly code: string;
  /** What a faithful server does, in a sentence. */
  readonly says: string;
  /** Where the rule comes from: the provider's documentation, an SDK's source, a real capture. */
  readonly reference: string;
  /** `fail`: breaking it breaks a client or changes what it gets; `warn`: a careful client survives it. */
  readonly breaks: 'fail' | 'warn';
  /**
   * For a failing rule, what the official SDKs do when a server breaks it, in a sentence: the SDK
   * and what it throws, or what the app silently gets instead. Each is what the SDK was seen doing
   * against the simulator's defect (electron/backend/check/sdk-consequences.test.ts); none where
   * no SDK was seen to break, so the verdict never claims more than was shown.
   */
  readonly sdk?: string;
  /** How the rule was broken, a sentence each; none when it holds. Total: any analysis, however broken. */
  judge(analysis: Analysis): readonly string[];
}

export interface ServerCheck {
  /** `chat.text`: the dialect's word, a dot, the check's name. */
  readonly id: string;
  readonly protocol: Protocol;
  /** What the request asks of the server, in a sentence. */
  readonly asks: string;
  /** The request's body for this model. */
  body(model: string): Record<string, unknown>;
  /** `stream`: a 200 event stream is due, and the transport rules apply; `error`: a refusal is. */
  readonly expects: 'stream' | 'error';
  readonly rules: readonly CheckRule[];
}

export interface Verdict {
  readonly id: string;
  readonly protocol: Protocol;
  readonly status: Exclude<CheckStatus, 'skip'>;
  /** One line: what passed, or the first broken rule's finding. */
  readonly summary: string;
  /** What the check expected: every rule it applied, in words. */
  readonly expected: readonly string[];
  /** The recording's diagnostics, then the broken rules' findings. */
  readonly findings: readonly CheckFinding[];
}
