// The Responses API endpoint of the simulator (`POST /v1/responses`): requests
// read as OpenAI reads them, errors in OpenAI's shape, the scenarios' turns
// rendered as Responses events or, for `stream` absent or false, as the
// response object the stream ends with.

import { SERVER_ERROR, errorJson, invalidRequest, modelNotFound, rateLimited } from '../errors.ts';
import type { DialectEndpoint, DialectWire, HttpAnswer } from '../dialect-plan.ts';
import { dialectModels } from '../dialect-scenarios.ts';
import type { OpenAiError } from '../chat/script.ts';
import type { Rng } from '../timing.ts';
import type { Turn } from '../turn.ts';
import { responsesEvents } from './events.ts';
import { makeIdentity, padding } from './objects.ts';
import { parseResponsesRequest } from './request.ts';
import type { ResponsesRequest } from './request.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

function openAiError(status: number, error: OpenAiError, headers: Readonly<Record<string, string>> = {}): HttpAnswer {
  return { kind: 'json', status, headers: { ...JSON_HEADERS, ...headers }, body: errorJson(error) };
}

export function responsesWire(request: ResponsesRequest, rng: (purpose: string) => Rng): DialectWire {
  // Drawn afresh for each rendering, so the stream and the JSON object carry the same ids.
  const identityOf = (turn: Turn) => makeIdentity(rng('identity'), turn.blocks);
  return {
    argumentsJson: (args) => JSON.stringify(args),
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
      if (kind === 'rate-limit') return openAiError(429, rateLimited(request.model), { 'retry-after': '20', 'x-ratelimit-limit-requests': '3', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20s' });
      return openAiError(500, SERVER_ERROR);
    },
    keepAlive: null,
  };
}

export const RESPONSES_ENDPOINT: DialectEndpoint<ResponsesRequest> = {
  dialect: 'responses',
  parse(text) {
    const parsed = parseResponsesRequest(text);
    return parsed.ok ? parsed : { ok: false, answer: openAiError(400, parsed.error) };
  },
  tooLarge: (limit) => openAiError(413, invalidRequest(`The request body is larger than ${limit} bytes.`)),
  notFound: (model) => openAiError(404, modelNotFound(model, dialectModels('responses'))),
  wire: (request, rng) => responsesWire(request, rng),
  headers: () => ({}),
};
