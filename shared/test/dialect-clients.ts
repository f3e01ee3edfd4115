// The official SDKs of the other two dialects, none of their code written here, pointed at a base
// URL (the replay server): what `openai`'s `responses.stream(…).finalResponse()` and
// `@anthropic-ai/sdk`'s `messages.stream(…).finalMessage()` end with, as JSON comparable with
// `inspect`'s final object (the contract's `response` / `message`), or the error they throw.
// (shared/dialects/sdk.test.ts feeds the same SDKs in memory, through a `fetch` of its own.)

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

export interface SdkError {
  /** The error's class: APIError, NotFoundError, AnthropicError, OpenAIError, TypeError … */
  readonly name: string;
  readonly message: string;
  /** The HTTP status of an API error. */
  readonly status?: number;
}

export type SdkEnd = { readonly ok: true; readonly final: unknown } | { readonly ok: false; readonly error: SdkError };

export interface ResponsesAsk {
  readonly model: string;
  readonly input: string | OpenAI.Responses.ResponseInput;
  readonly instructions?: string;
}

export interface MessagesAsk {
  readonly model: string;
  readonly max_tokens: number;
  readonly messages: Anthropic.MessageParam[];
  readonly system?: string;
}

/**
 * A final object as JSON has it, without the SDKs' structured-output helpers (openai's
 * `output_parsed`, `parsed`, `parsed_arguments`; Anthropic's `parsed_output`), which parse the
 * object rather than stream anything, and without the keys they leave undefined.
 */
export function withoutHelpers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutHelpers);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'output_parsed' && key !== 'parsed' && key !== 'parsed_arguments' && key !== 'parsed_output' && inner !== undefined) out[key] = withoutHelpers(inner);
  }
  return out;
}

function errorOf(error: unknown): SdkError {
  const status = (error as { status?: unknown } | null)?.status;
  if (error instanceof Error) return { name: error.constructor.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
  return { name: typeof error, message: String(error) };
}

async function settle(final: () => Promise<unknown>): Promise<SdkEnd> {
  try {
    return { ok: true, final: withoutHelpers(await final()) };
  } catch (error) {
    return { ok: false, error: errorOf(error) };
  }
}

/** `openai`'s `client.responses.stream(ask).finalResponse()` against `baseURL` (`http://host:port/v1`). */
export function responsesFinal(baseURL: string, ask: ResponsesAsk): Promise<SdkEnd> {
  // logLevel 'off' only silences the SDK's console output on malformed events; behaviour is unchanged.
  const client = new OpenAI({ apiKey: 'test', baseURL, maxRetries: 0, logLevel: 'off' });
  return settle(() => client.responses.stream(ask).finalResponse());
}

/** `@anthropic-ai/sdk`'s `client.messages.stream(ask).finalMessage()` against `baseURL` (`http://host:port/v1`; the SDK adds `/v1` itself). */
export function messagesFinal(baseURL: string, ask: MessagesAsk): Promise<SdkEnd> {
  const client = new Anthropic({ apiKey: 'test', baseURL: baseURL.replace(/\/v1\/?$/, ''), maxRetries: 0, logLevel: 'off' });
  return settle(() => client.messages.stream(ask).finalMessage());
}
