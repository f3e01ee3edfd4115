// The peer of the dialects' full analysis: the official SDK's own accumulation of the same bytes —
// the openai SDK's `responses.stream()` → `finalResponse()`, @anthropic-ai/sdk's
// `messages.stream()` → `finalMessage()` — through a `fetch` that answers with the body, so the
// SDK parses the SSE itself. What a client pays for the final object alone, with no annotation,
// no provenance and no diagnostics.

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

/** A `fetch` answering every request with the body as an event stream. */
function reply(body: Uint8Array): typeof fetch {
  return (() => Promise.resolve(new Response(body.slice(), { status: 200, headers: { 'content-type': 'text/event-stream' } }))) as unknown as typeof fetch;
}

/** The SDK's final object of a Responses body; throws what the SDK throws. */
export async function openaiFinalResponse(body: Uint8Array): Promise<unknown> {
  const client = new OpenAI({ apiKey: 'bench', fetch: reply(body), maxRetries: 0, logLevel: 'off' });
  return client.responses.stream({ model: 'bench', input: 'hi' }).finalResponse();
}

/** The SDK's final object of an Anthropic Messages body; throws what the SDK throws. */
export async function anthropicFinalMessage(body: Uint8Array): Promise<unknown> {
  const client = new Anthropic({ apiKey: 'bench', fetch: reply(body), maxRetries: 0, logLevel: 'off' });
  return client.messages.stream({ model: 'bench', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
}
