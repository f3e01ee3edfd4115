// The Responses API endpoint of the simulator (`POST /v1/responses`): requests
// read as OpenAI reads them, errors in OpenAI's shape, the scenarios' turns
// rendered as Responses events or, for `stream` absent or false, as the
// response object the stream ends with.

import { defectOf, defectiveWire } from '../defect-spec.ts';
import { OPENAI_RATE_LIMIT_HEADERS, SERVER_ERROR, invalidRequest, modelNotFound, openAiError, rateLimited } from '../errors.ts';
import { drawsOf } from '../plan.ts';
import type { Draws, SimulatorDialect } from '../plan.ts';
import { modelsOf } from '../scenarios.ts';
import type { Turn } from '../turn.ts';
import { renderEvents } from '../wire.ts';
import type { EventWire } from '../wire.ts';
import { RESPONSES_DEFECTS } from './defects.ts';
import { responsesEvents } from './events.ts';
import { makeIdentity, padding } from './objects.ts';
import { parseResponsesRequest } from './request.ts';
import type { ResponsesRequest } from './request.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

export function responsesWire(request: ResponsesRequest, rng: Draws): EventWire {
  // Drawn afresh for each rendering, so the stream and the JSON object carry the same ids.
  const identityOf = (turn: Turn) => makeIdentity(rng('identity'), turn.blocks);
  return {
    stream(turn) {
      const paddingRng = rng('padding');
      return responsesEvents(turn, { request, identity: identityOf(turn), pad: request.includeObfuscation ? (text) => padding(paddingRng, text) : () => null });
    },
    json(turn) {
      const fault = turn.fault?.kind;
      if (fault === 'error' || fault === 'failed') return openAiError(500, SERVER_ERROR);
      if (fault === 'drop') return { kind: 'drop' };
      // The response object the whole stream ends with.
      const { events } = responsesEvents({ ...turn, fault: null }, { request, identity: identityOf(turn), pad: () => null });
      const terminal = JSON.parse(events.at(-1)!.data) as { response: unknown };
      return { kind: 'json', status: 200, headers: JSON_HEADERS, body: JSON.stringify(terminal.response) };
    },
    error(kind) {
      if (kind === 'rate-limit') return openAiError(429, rateLimited(request.model), OPENAI_RATE_LIMIT_HEADERS);
      return openAiError(500, SERVER_ERROR);
    },
    keepAlive: null,
  };
}

export const RESPONSES_DIALECT: SimulatorDialect<ResponsesRequest> = {
  protocol: 'responses',
  parse(text) {
    const parsed = parseResponsesRequest(text);
    return parsed.ok ? parsed : { ok: false, answer: openAiError(400, parsed.error) };
  },
  tooLarge: (limit) => openAiError(413, invalidRequest(`The request body is larger than ${limit} bytes.`)),
  notFound: (model) => openAiError(404, modelNotFound(model, modelsOf('responses'))),
  headers: () => ({}),
  draws: (request, scenario, serverSeed) => drawsOf(request.sim.seed ?? serverSeed, 'responses', scenario),
  choices: () => 1,
  tools: { argumentsJson: (args) => JSON.stringify(args), callId: null },
  render([script], rendering) {
    // A defect scenario (defects.ts) answers as the defective server would: the request misread, the events rewritten.
    const defect = defectOf(RESPONSES_DEFECTS, script);
    return renderEvents(defectiveWire(responsesWire(rendering.request, rendering.draws), defect), script, { ...rendering, request: defect?.request?.(rendering.request) ?? rendering.request });
  },
};
