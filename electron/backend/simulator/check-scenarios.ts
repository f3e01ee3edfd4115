// The simulator as a faithful server for `streamscope check` (issue 29): the simulator answers by
// the scenario its model names, so each check of the server battery is asked with the model of the
// scenario a faithful server would answer its request with — a tool call for a forced tool, calls
// in parallel for parallel tools; the request itself (n, max_tokens, stream_options) does the rest.
// And as a defective one: each check's defects (defects.ts), with the rule each must break.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { DIALECT_DEFECTS } from './defects.ts';
import { MODEL_PREFIX } from './scenarios.ts';

const SCENARIO_OF_CHECK: Readonly<Record<string, string>> = {
  'chat.tools': 'tool-call',
  'chat.parallel-tools': 'parallel-tool-calls',
  'responses.tools': 'tool-call',
  'responses.parallel-tools': 'parallel-tool-calls',
  'messages.tools': 'tool-call',
  'messages.parallel-tools': 'parallel-tool-calls',
  'gemini.tools': 'tool-call',
  'gemini.thinking': 'reasoning',
  'bedrock-converse.tools': 'tool-call',
};

/** The simulator model a check is asked with: its scenario's, else plain text. */
export function simulatorModelOf(checkId: string): string {
  return MODEL_PREFIX + (SCENARIO_OF_CHECK[checkId] ?? 'text');
}

/** A defect a check exists for, as the simulator plays it. */
export interface CheckDefect {
  readonly protocol: Protocol;
  /** The model that asks for it, `sim-<defect>`. */
  readonly model: string;
  readonly description: string;
  /** The real server that shipped it, with its issue or PR; null where none is known. */
  readonly imitates: string | null;
  /** The check's rules it breaks, in judged order: the first starts the check's summary. */
  readonly breaks: readonly [string, ...string[]];
  readonly verdict: 'fail' | 'warn';
}

/** Every check's defects, in battery-dialect order: the one table the defect tests and the docs read. */
export const DEFECTS_OF_CHECK: Readonly<Record<string, readonly CheckDefect[]>> = (() => {
  const map: Record<string, CheckDefect[]> = {};
  for (const [protocol, defects] of Object.entries(DIALECT_DEFECTS) as [Protocol, (typeof DIALECT_DEFECTS)[Protocol]][]) {
    for (const { check, name, description, imitates, breaks, verdict } of defects) (map[check] ??= []).push({ protocol, model: MODEL_PREFIX + name, description, imitates, breaks, verdict });
  }
  return map;
})();
