// A Bedrock ConverseStream request (`POST …/model/MODEL/converse-stream`), checked as minimally
// as bedrock-runtime checks it: the model is the path's (the descriptor's modelOfPath), `messages`
// is required and a list, `inferenceConfig.maxTokens` a positive integer; `system` and
// `toolConfig` count towards the prompt. Errors come in Bedrock's shape: `{"message": …}` with the
// exception's name in the `x-amzn-ErrorType` header. Any key header is accepted.

import { bedrockConverseDescriptor } from '../../../../shared/dialects/bedrock-converse/descriptor.ts';
import { isObject } from '../../../../shared/is-object.ts';
import { parseOverrides } from '../chat/request.ts';
import type { SimOverrides } from '../chat/request.ts';
import type { HttpAnswer } from '../plan.ts';

export interface ConverseRequest {
  readonly model: string;
  /** converse-stream always streams. */
  readonly stream: boolean;
  /** `inferenceConfig.maxTokens`: a longer answer stops with max_tokens. */
  readonly maxTokens: number | null;
  readonly promptTokens: number;
  readonly sim: SimOverrides;
}

export interface BedrockError {
  readonly status: number;
  /** The exception's name, as the AWS SDK raises it (`ValidationException` …). */
  readonly type: string;
  readonly message: string;
}

/** An error as bedrock-runtime answers one: its JSON `{"message"}`, the exception named in x-amzn-ErrorType. */
export function bedrockErrorAnswer(error: BedrockError): HttpAnswer {
  return {
    kind: 'json',
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-ErrorType': `${error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
    body: JSON.stringify({ message: error.message }),
  };
}

const invalid = (message: string): { ok: false; error: BedrockError } => ({ ok: false, error: { status: 400, type: 'ValidationException', message } });

export function parseConverseRequest(text: string, path: string): { readonly ok: true; readonly value: ConverseRequest } | { readonly ok: false; readonly error: BedrockError } {
  const model = bedrockConverseDescriptor.modelOfPath(path);
  if (model === null) return { ok: false, error: { status: 404, type: 'UnknownOperationException', message: `The path ${path} names no model: post to …/model/MODEL/converse-stream.` } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid(bedrockConverseDescriptor.errors.badJson);
  }
  if (!isObject(body)) return invalid('The request body must be a JSON object.');
  if (body.messages === undefined || body.messages === null) return invalid("1 validation error detected: Value null at 'messages' failed to satisfy constraint: Member must not be null");
  if (!Array.isArray(body.messages)) return invalid('Malformed input request: messages must be a list, please reformat your input and try again.');
  const config = isObject(body.inferenceConfig) ? body.inferenceConfig : {};
  const max = config.maxTokens;
  if (max !== undefined && !(Number.isInteger(max) && (max as number) > 0)) return invalid("1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must have value greater than or equal to 1");
  const sim = parseOverrides(body.sim);
  if (!sim.ok) return invalid(sim.error.message);
  return {
    ok: true,
    value: {
      model,
      stream: true,
      maxTokens: typeof max === 'number' ? max : null,
      promptTokens: Math.max(1, Math.ceil(JSON.stringify([body.system ?? '', body.messages, body.toolConfig ?? {}]).length / 4)),
      sim: sim.value,
    },
  };
}
