// The simulator scenarios gateway mode sends through a gateway (issue 29, "Gateway mode"): one
// for each thing a gateway is known to change — clean text and tools (bytes, ids, usage),
// keep-alives, CRLF framing, a body the upstream buffers, a connection drop, a mid-stream error,
// no [DONE] — each in every dialect the simulator plays it in, and the request that asks for it.
// The request is the plain one a client sends, with no `sim` member to shorten the keep-alive
// scenario's 12 s pause: a gateway may drop members it does not know (Portkey does), and the two
// requests must be the same for their streams to be.

import { registeredDialect } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { MODEL_PREFIX, findScenario } from '../simulator/index.ts';

export const GATEWAY_SCENARIOS = ['text', 'tool-call', 'keep-alive', 'crlf', 'buffered', 'connection-drop', 'stream-error', 'no-done'] as const;

export interface GatewayScenario {
  /** The scenario's name (`text`, `crlf` …). */
  readonly id: string;
  readonly protocol: Protocol;
  /** The scenario's model: in the body, or in the path where the dialect names it there (Gemini's). */
  readonly model: string;
  readonly body: Record<string, unknown>;
}

/** The scenarios of these dialects (`only`: of these names), in dialect order, then the list's. */
export function gatewayScenarios(protocols: readonly Protocol[], only?: readonly string[]): GatewayScenario[] {
  return protocols.flatMap((protocol) =>
    GATEWAY_SCENARIOS.filter((id) => (only === undefined || only.includes(id)) && findScenario(protocol, MODEL_PREFIX + id) !== undefined).map((id) => ({ id, protocol, model: MODEL_PREFIX + id, body: requestBody(protocol, id) })),
  );
}

function requestBody(protocol: Protocol, id: string): Record<string, unknown> {
  const built = registeredDialect(protocol).buildRequest({ model: MODEL_PREFIX + id, messages: [{ role: 'user', content: 'In one short sentence: why is the sky blue?' }], maxTokens: 256 });
  // The dialects build a body from a model and one message in every case; a failure is a bug here.
  if (!built.ok) throw new Error(`gateway scenario ${id}: ${built.problem}`);
  return built.body;
}
