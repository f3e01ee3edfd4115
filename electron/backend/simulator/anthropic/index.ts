// The Anthropic Messages endpoint of the simulator (`POST /v1/messages`):
// requests read as Anthropic reads them, errors in Anthropic's shape with a
// `request-id` header, the scenarios' turns rendered as Messages events or,
// for `stream` absent or false, as the message the stream ends with.

import { defectOf, defectiveWire } from '../defect-spec.ts';
import { drawsOf } from '../plan.ts';
import type { Draws, HttpAnswer, SimulatorDialect } from '../plan.ts';
import { modelsOf } from '../scenarios.ts';
import { tokensOf } from '../turn.ts';
import type { Turn } from '../turn.ts';
import { renderEvents } from '../wire.ts';
import type { EventWire } from '../wire.ts';
import { MESSAGES_DEFECTS } from './defects.ts';
import { OVERLOADED, PING, blockObject, makeIdentity, messageObject, messagesEvents, startUsage, stopDetailsOf, stopReasonOf } from './events.ts';
import { anthropicErrorJson, parseMessagesRequest } from './request.ts';
import type { AnthropicError, MessagesRequest } from './request.ts';

function anthropicError(status: number, error: AnthropicError, requestId: string, headers: Readonly<Record<string, string>> = {}): HttpAnswer {
  return { kind: 'json', status, headers: { 'content-type': 'application/json', ...headers }, body: anthropicErrorJson(error, requestId) };
}

/** Tool input as Anthropic writes it: JSON with a space after each `:` and `,` (Python's separators). */
export function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${spacedJson(item)}`).join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}

const RATE_LIMITED =
  'This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.';

export function messagesWire(request: MessagesRequest, rng: Draws, requestId: string): EventWire {
  // Drawn afresh for each rendering, so the stream and the JSON message carry the same ids.
  const identityOf = (turn: Turn) => makeIdentity(rng('identity'), turn.blocks);
  return {
    stream: (turn) => messagesEvents(turn, { request, identity: identityOf(turn), paddingRng: rng('padding') }),
    json(turn) {
      const fault = turn.fault?.kind;
      if (fault === 'error') return anthropicError(529, OVERLOADED, requestId);
      if (fault === 'drop') return { kind: 'drop' };
      const identity = identityOf(turn);
      const content = turn.blocks.map((block, index) => blockObject(block, identity.blocks[index]!, true));
      const message = messageObject(request, identity, content, { reason: stopReasonOf(turn), details: stopDetailsOf(turn) }, startUsage(request, tokensOf(turn.blocks)));
      return { kind: 'json', status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) };
    },
    error(kind) {
      if (kind === 'rate-limit') return anthropicError(429, { type: 'rate_limit_error', message: RATE_LIMITED }, requestId, { 'retry-after': '20', 'anthropic-ratelimit-requests-limit': '50', 'anthropic-ratelimit-requests-remaining': '0' });
      if (kind === 'overloaded') return anthropicError(529, OVERLOADED, requestId);
      return anthropicError(500, { type: 'api_error', message: 'Internal server error' }, requestId);
    },
    keepAlive: PING,
  };
}

export const MESSAGES_DIALECT: SimulatorDialect<MessagesRequest> = {
  protocol: 'anthropic-messages',
  parse(text, requestId) {
    const parsed = parseMessagesRequest(text);
    return parsed.ok ? parsed : { ok: false, answer: anthropicError(400, parsed.error, requestId) };
  },
  tooLarge: (limit, requestId) => anthropicError(413, { type: 'request_too_large', message: `Request exceeds the maximum allowed number of bytes (${limit}).` }, requestId),
  notFound: (model, requestId) => anthropicError(404, { type: 'not_found_error', message: `model: ${model} (the simulator serves: ${modelsOf('anthropic-messages').join(', ')})` }, requestId),
  headers: (requestId) => ({ 'request-id': requestId }),
  // The seed words keep the name the simulator gave this dialect before the registry: the same bytes.
  draws: (request, scenario, serverSeed) => drawsOf(request.sim.seed ?? serverSeed, 'messages', scenario),
  choices: () => 1,
  tools: { argumentsJson: spacedJson, callId: null },
  render([script], rendering) {
    // A defect scenario (defects.ts) answers as the defective server would: the request misread, the events rewritten.
    const defect = defectOf(MESSAGES_DEFECTS, script);
    return renderEvents(defectiveWire(messagesWire(rendering.request, rendering.draws, rendering.requestId), defect), script, { ...rendering, request: defect?.request?.(rendering.request) ?? rendering.request });
  },
};
