// The Bedrock ConverseStream endpoint of the simulator (`POST …/model/MODEL/converse-stream`, the
// model in the path): requests read as Bedrock reads them, errors in Bedrock's shape (the
// exception in x-amzn-ErrorType), the scenarios' turns rendered as AWS event-stream frames under
// `application/vnd.amazon.eventstream` (the framing's media type) — each payload with its random
// `p` padding — and a stream error as an exception frame (modelStreamErrorException) inside the
// 200, after which the body ends, as Bedrock ends it.

import { awsEventStream } from '../../../../shared/framing/aws-eventstream/index.ts';
import { converseFrame } from '../../../../shared/dialects/bedrock-converse/frame.ts';
import { defectOf, defectiveWire } from '../defect-spec.ts';
import { drawsOf } from '../plan.ts';
import type { Draws, SimulatorDialect } from '../plan.ts';
import { modelsOf } from '../scenarios.ts';
import { eventsBefore, renderEvents } from '../wire.ts';
import type { EventFraming, EventWire, WireEvent } from '../wire.ts';
import { BEDROCK_CONVERSE_DEFECTS } from './defects.ts';
import { STREAM_EXCEPTION, converseEvents, converseResponse, makeIdentity, padded } from './events.ts';
import { bedrockErrorAnswer, parseConverseRequest } from './request.ts';
import type { BedrockError, ConverseRequest } from './request.ts';

const INTERNAL: BedrockError = { status: 500, type: 'InternalServerException', message: 'The server encountered an internal error while processing the request.' };

/** Each event as its frame: an exception type in an exception frame, any other in an event frame. */
export const CONVERSE_FRAMING: EventFraming = {
  contentType: awsEventStream.mediaType,
  frame: (event) => converseFrame(event.event ?? '', event.data),
};

export function converseWire(request: ConverseRequest, rng: Draws): EventWire {
  // Drawn afresh for each rendering, so the stream and the JSON response carry the same ids.
  const identity = () => makeIdentity(rng('identity'));
  return {
    stream(turn) {
      const fault = turn.fault;
      const padding = rng('padding');
      const events = converseEvents(turn, request, identity(), padding, fault === null);
      if (fault === null || fault.kind === 'cut') return { events, end: 'end' };
      const kept = events.slice(0, fault.kind === 'error' || fault.kind === 'drop' ? eventsBefore(events, fault.after) : events.length);
      if (fault.kind !== 'error') return { events: kept, end: fault.kind === 'drop' ? 'drop' : 'end' };
      const exception: WireEvent = { event: STREAM_EXCEPTION.type, data: padded({ message: STREAM_EXCEPTION.message, originalStatusCode: STREAM_EXCEPTION.originalStatusCode }, padding), pace: 'token', tokens: 0 };
      return { events: [...kept, exception], end: 'end' };
    },
    json(turn) {
      if (turn.fault?.kind === 'error') return bedrockErrorAnswer(INTERNAL);
      if (turn.fault?.kind === 'drop') return { kind: 'drop' };
      return { kind: 'json', status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(converseResponse(turn, request, identity())) };
    },
    error(kind) {
      if (kind === 'rate-limit') return bedrockErrorAnswer({ status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
      if (kind === 'overloaded') return bedrockErrorAnswer({ status: 503, type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' });
      return bedrockErrorAnswer(INTERNAL);
    },
    // Bedrock sends nothing through a pause.
    keepAlive: null,
    framing: CONVERSE_FRAMING,
  };
}

export const BEDROCK_CONVERSE_DIALECT: SimulatorDialect<ConverseRequest> = {
  protocol: 'bedrock-converse',
  parse(text, _requestId, path) {
    const parsed = parseConverseRequest(text, path);
    return parsed.ok ? parsed : { ok: false, answer: bedrockErrorAnswer(parsed.error) };
  },
  tooLarge: (limit) => bedrockErrorAnswer({ status: 400, type: 'ValidationException', message: `Input is too long for requested model: the body is over ${limit} bytes.` }),
  notFound: (model) => bedrockErrorAnswer({ status: 400, type: 'ValidationException', message: `The provided model identifier ${model} is invalid (the simulator serves: ${modelsOf('bedrock-converse').join(', ')})` }),
  headers: (requestId) => ({ 'x-amzn-requestid': requestId }),
  draws: (request, scenario, serverSeed) => drawsOf(request.sim.seed ?? serverSeed, 'bedrock-converse', scenario),
  choices: () => 1,
  // A tool use's input is streamed as JSON text fragments.
  tools: { argumentsJson: (args) => JSON.stringify(args), callId: null },
  render([script], rendering) {
    // A defect scenario (defects.ts) answers as the defective server would: the request misread, the events rewritten.
    const defect = defectOf(BEDROCK_CONVERSE_DEFECTS, script);
    const request = (defect?.request?.(rendering.request) as ConverseRequest | undefined) ?? rendering.request;
    return renderEvents(defectiveWire(converseWire(request, rendering.draws), defect), script, { ...rendering, request });
  },
};
