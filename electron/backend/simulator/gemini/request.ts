// A Gemini request (`POST …/models/MODEL:streamGenerateContent?alt=sse`), checked as minimally as
// generativelanguage.googleapis.com checks it: the model is the path's (the descriptor's
// modelOfPath), `contents` is required; errors come in Google's shape,
// `{"error": {code, message, status}}`. Any key header is accepted.

import { geminiDescriptor } from '../../../../shared/dialects/gemini/descriptor.ts';
import { isObject } from '../../../../shared/is-object.ts';
import { parseOverrides } from '../chat/request.ts';
import type { SimOverrides } from '../chat/request.ts';

export interface GeminiRequest {
  readonly model: string;
  /** streamGenerateContent always streams. */
  readonly stream: boolean;
  /** `generationConfig.maxOutputTokens`: a longer answer stops with MAX_TOKENS. */
  readonly maxTokens: number | null;
  /** `generationConfig.thinkingConfig.includeThoughts`: thought parts are sent only when asked for. */
  readonly includeThoughts: boolean;
  readonly promptTokens: number;
  readonly sim: SimOverrides;
}

export interface GoogleError {
  readonly code: number;
  readonly message: string;
  readonly status: string;
}

export function googleErrorJson(error: GoogleError, pretty = false): string {
  return JSON.stringify({ error }, null, pretty ? 2 : undefined);
}

const invalid = (message: string): { ok: false; error: GoogleError } => ({ ok: false, error: { code: 400, message, status: 'INVALID_ARGUMENT' } });

export function parseGeminiRequest(text: string, path: string): { readonly ok: true; readonly value: GeminiRequest } | { readonly ok: false; readonly error: GoogleError } {
  const model = geminiDescriptor.modelOfPath(path);
  if (model === null) return { ok: false, error: { code: 404, message: `The path ${path} names no model: post to …/models/MODEL:streamGenerateContent.`, status: 'NOT_FOUND' } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid(geminiDescriptor.errors.badJson);
  }
  if (!isObject(body)) return invalid('Invalid JSON payload received. Unknown name "": Root element must be a message.');
  if (body.contents === undefined) return invalid('* GenerateContentRequest.contents: contents is not specified');
  if (!Array.isArray(body.contents)) return invalid('Invalid JSON payload received. Unknown name "contents": Proto field is not repeating, cannot start list.');
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  const max = config.maxOutputTokens;
  if (max !== undefined && !(Number.isInteger(max) && (max as number) > 0)) return invalid('* GenerateContentRequest.generation_config.max_output_tokens: must be a positive integer');
  const thinking = isObject(config.thinkingConfig) ? config.thinkingConfig : {};
  const sim = parseOverrides(body.sim);
  if (!sim.ok) return invalid(sim.error.message);
  return {
    ok: true,
    value: {
      model,
      stream: true,
      maxTokens: typeof max === 'number' ? max : null,
      includeThoughts: thinking.includeThoughts === true,
      promptTokens: Math.max(1, Math.ceil(JSON.stringify([body.systemInstruction ?? '', body.contents, body.tools ?? []]).length / 4)),
      sim: sim.value,
    },
  };
}
