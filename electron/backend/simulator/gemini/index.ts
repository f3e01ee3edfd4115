// The Gemini endpoint of the simulator (`POST …/models/MODEL:streamGenerateContent?alt=sse`, the
// model in the path): requests read as Google reads them, errors in Google's shape, the
// scenarios' turns rendered as Gemini's SSE — `data:` only, CRLF CRLF, no [DONE], usageMetadata on
// every event, the last candidate with its finishReason — and a stream error as the raw JSON error
// Gemini writes after the events of a 200 (vercel/ai #5217), outside SSE's framing.

import { defectOf, defectiveWire } from '../defect-spec.ts';
import { drawsOf } from '../plan.ts';
import type { Draws, HttpAnswer, Plan, SimulatorDialect } from '../plan.ts';
import { modelsOf } from '../scenarios.ts';
import type { Script } from '../scenarios.ts';
import { eventsBefore, renderEvents } from '../wire.ts';
import type { EventWire } from '../wire.ts';
import { GEMINI_DEFECTS } from './defects.ts';
import { geminiEvents, makeIdentity, wholeResponse } from './events.ts';
import { googleErrorJson, parseGeminiRequest } from './request.ts';
import type { GeminiRequest, GoogleError } from './request.ts';

const CRLF = '\r\n';

/** What Gemini answers mid-stream when the model fails (its 500). */
const INTERNAL: GoogleError = { code: 500, message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', status: 'INTERNAL' };

function googleError(error: GoogleError): HttpAnswer {
  return { kind: 'json', status: error.code, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: googleErrorJson(error, true) };
}

export function geminiWire(request: GeminiRequest, rng: Draws): EventWire {
  // Drawn afresh for each rendering, so the stream and the JSON response carry the same ids.
  const identity = () => makeIdentity(rng('identity'));
  return {
    stream(turn) {
      const fault = turn.fault;
      const events = geminiEvents(turn, request, identity(), fault === null);
      if (fault === null || fault.kind === 'cut') return { events, end: 'end' };
      const kept = events.slice(0, fault.kind === 'error' || fault.kind === 'drop' ? eventsBefore(events, fault.after) : events.length);
      return { events: kept, end: fault.kind === 'drop' ? 'drop' : 'end' };
    },
    json(turn) {
      if (turn.fault?.kind === 'error') return googleError(INTERNAL);
      if (turn.fault?.kind === 'drop') return { kind: 'drop' };
      return { kind: 'json', status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(wholeResponse(turn, request, identity())) };
    },
    error(kind) {
      if (kind === 'rate-limit') return googleError({ code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });
      if (kind === 'overloaded') return googleError({ code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' });
      return googleError(INTERNAL);
    },
    // Gemini sends nothing through a pause.
    keepAlive: null,
  };
}

/** The script with Gemini's line ends (CRLF) unless the scenario says otherwise. */
function crlf(script: Script): Script {
  return script.kind === 'stream' ? { ...script, transport: { eol: CRLF, ...script.transport } } : script;
}

/** A stream error: the raw JSON error after the events, as Gemini writes it (pretty-printed, no `data:`). */
function withErrorTail(plan: Plan, script: Script): Plan {
  if (plan.kind !== 'stream' || script.kind !== 'stream' || script.fault?.kind !== 'error') return plan;
  return { ...plan, actions: [...plan.actions, { kind: 'write', delayMs: 0, text: `${googleErrorJson(INTERNAL, true)}\n` }] };
}

export const GEMINI_DIALECT: SimulatorDialect<GeminiRequest> = {
  protocol: 'gemini',
  parse(text, _requestId, path) {
    const parsed = parseGeminiRequest(text, path);
    return parsed.ok ? parsed : { ok: false, answer: googleError(parsed.error) };
  },
  tooLarge: (limit) => googleError({ code: 400, message: `Request payload size exceeds the limit: ${limit} bytes.`, status: 'INVALID_ARGUMENT' }),
  notFound: (model) => googleError({ code: 404, message: `models/${model} is not found for API version v1beta, or is not supported for generateContent (the simulator serves: ${modelsOf('gemini').join(', ')})`, status: 'NOT_FOUND' }),
  headers: () => ({}),
  draws: (request, scenario, serverSeed) => drawsOf(request.sim.seed ?? serverSeed, 'gemini', scenario),
  choices: () => 1,
  // A functionCall's args are an object, whole: the JSON text is only how the scenario hands them over.
  tools: { argumentsJson: (args) => JSON.stringify(args), callId: null },
  render([script], rendering) {
    // A defect scenario (defects.ts) answers as the defective server would: the request misread, the events rewritten.
    const defect = defectOf(GEMINI_DEFECTS, script);
    const request = (defect?.request?.(rendering.request) as GeminiRequest | undefined) ?? rendering.request;
    const shaped = crlf(script);
    return withErrorTail(renderEvents(defectiveWire(geminiWire(request, rendering.draws), defect), shaped, { ...rendering, request }), shaped);
  },
};
