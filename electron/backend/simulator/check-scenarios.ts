// The simulator as a faithful server for `streamscope check` (issue 29): the simulator answers by
// the scenario its model names, so each check of the server battery is asked with the model of the
// scenario a faithful server would answer its request with — a tool call for a forced tool, calls
// in parallel for parallel tools; the request itself (n, max_tokens, stream_options) does the rest.

import { MODEL_PREFIX } from './scenarios.ts';

const SCENARIO_OF_CHECK: Readonly<Record<string, string>> = {
  'chat.tools': 'tool-call',
  'chat.parallel-tools': 'parallel-tool-calls',
  'responses.tools': 'tool-call',
  'responses.parallel-tools': 'parallel-tool-calls',
  'messages.tools': 'tool-call',
  'messages.parallel-tools': 'parallel-tool-calls',
};

/** The simulator model a check is asked with: its scenario's, else plain text. */
export function simulatorModelOf(checkId: string): string {
  return MODEL_PREFIX + (SCENARIO_OF_CHECK[checkId] ?? 'text');
}
