/*
 * Reference: what the openai SDK (openai 7.59.0, node_modules/openai) makes of an SSE body.
 * Line numbers refer to the TypeScript sources shipped in node_modules/openai/src/ (the
 * .mjs that runs is compiled from them). Abbreviations: CCS = lib/ChatCompletionStream.ts,
 * ACR = lib/AbstractChatCompletionRunner.ts, STR = core/streaming.ts, LINE = internal/decoders/line.ts.
 *
 * SSE decoding (STR 536-605, 616-736; LINE 19-219)
 * - Bytes are cut into blocks at the first double line ending (\n\n, \r\r, \r\n\r\n, mixed;
 *   STR 616-670, LINE 193-219), then into lines on \n, \r or \r\n (also split across reads,
 *   LINE 69-94). Each line is decoded on its own by a non-fatal TextDecoder (internal/utils/bytes.ts 32-38):
 *   bad UTF-8 becomes U+FFFD; a leading BOM on a line is dropped.
 * - Lines: ':' comments ignored; `field:value` split at the first ':' and one leading space
 *   removed; only `event` and `data` are kept (`id`, `retry`, unknown fields ignored);
 *   several `data` lines are joined with '\n' (STR 706-723, 695).
 * - A blank line dispatches when the block had an `event` OR any `data` line (STR 687-704):
 *   `event: ping\n\n` and `data:\n\n` are dispatched with data '' (WHATWG drops them).
 * - At EOF an unterminated last event is still dispatched (STR 579-596; WHATWG discards it).
 * - Per event (STR 136-167): data '[DONE]' ends the stream, everything after it is ignored;
 *   then JSON.parse, failure (incl. data '') -> "Error reading response: malformed server-sent
 *   event JSON."; event name starting 'thread.' -> yields {event,data}; `event: error` ->
 *   APIError(data.error ?? data); else a truthy `data.error` -> APIError(data.error). The
 *   APIError message is error.message, or JSON.stringify(error) (core/error.ts 37-56), e.g.
 *   '"plain string"'. Other event names are ignored: the data is treated as a normal chunk.
 * - `create({stream:true})` chunks are normalised (lib/chat-completions/streaming.ts 11-21,
 *   resources/chat/completions/completions.ts 220-223): every choice gets
 *   `finish_reason: choice.finish_reason ?? null`; values without a `choices` array (even
 *   `null`) pass through untouched.
 *
 * Accumulation, `stream()` helper (CCS 1808-1821 -> #addChunk 1398-1405 -> #accumulate 1884-2187)
 * - The `chunk` event fires after the chunk was accumulated; a chunk that throws is not emitted.
 * - Top level: the first chunk (minus choices/obfuscation) becomes the snapshot; a later
 *   chunk's top-level keys are Object.assign'ed ONLY if its `id` is truthy (1890-1899): last
 *   value wins (`usage: null` after a usage chunk erases it); with `id: ""` later usage etc.
 *   are never merged. A `null` chunk -> TypeError "Cannot destructure property 'choices'...";
 *   no `choices` -> "chunk.choices is not iterable" (1889, 1909).
 * - Choices by `index` (1913-1928), which must be a safe integer in [0, n or 128) else
 *   "Chat completion stream contains an invalid choice index: X". Other choice keys
 *   (content_filter_results, stop_reason, matched_stop, token_ids, native_finish_reason, ...)
 *   last-wins onto the choice (1975). finish_reason: any truthy value overwrites (last wins,
 *   'eos' accepted); null never clears it (1961-1963).
 * - logprobs (1933-1959): the first non-null object is copied, later `content`/`refusal`
 *   arrays are appended; other logprobs keys last-wins.
 * - delta (1984-2064): `role` last truthy wins; `refusal` concatenated when truthy; `content`
 *   when != null is `(prev || '') + content` (string concat: array content parts become
 *   "[object Object]"; a "" delta makes content "" rather than null); `function_call` name
 *   last-wins, arguments concatenated; `audio` merged. EVERY OTHER delta key (reasoning_content,
 *   reasoning, reasoning_details, annotations, channel, token_id, ...) is Object.assign'ed onto
 *   the message (1988-1991): NOT concatenated, the last fragment wins, and a trailing
 *   `reasoning_content: null` wipes it.
 * - tool_calls (2066-2183) by `index`, a safe integer in [0, 128) else "Chat completion stream
 *   contains an invalid tool call index: undefined" (2075-2077). `id`, `type`: last truthy
 *   wins; `function.name`: a non-empty name REPLACES the previous one (default ''); arguments
 *   concatenated when != null; other tool-call keys last-wins. Holes stay holes.
 * - While streaming, on a choice's finish_reason or a tool-call index change, done-events are
 *   emitted (1457-1476) and throw Error("no tool call snapshot") / Error("tool call snapshot
 *   missing `type`") (1510-1531), i.e. a tool call without `type` fails before finalisation.
 *
 * Finalisation (#endRequest 1748-1762, finalizeChatCompletion 2208-2410, ACR 136-150, 334-366)
 * - No chunk at all (empty body, only [DONE], only comments) -> "request ended without
 *   sending any chunks".
 * - Per choice: no finish_reason -> "missing finish_reason for choice N" (2252-2256); no role
 *   -> "missing role for choice N" (2261-2264). A function tool call never given a name keeps
 *   name '' and arguments '' (no error); one with `type` but no `function` object fails while
 *   streaming: "Cannot read properties of undefined (reading 'arguments')" (1553). An
 *   empty/missing tool-call id becomes `call_<uuid4>` (2384, ACR 38-49): not deterministic.
 * - Result: top-level extras kept (usage, service_tier, x_groq, prompt_filter_results, ...),
 *   object 'chat.completion', system_fingerprint only if truthy (2406); message = extra delta
 *   keys + role, content (null if never set), refusal (null if never set), tool_calls;
 *   `parsed: null` added to every message (lib/parser.ts 293-316).
 * - Sparse arrays: choices/tool_calls keep their holes (566-593), then ACR 38-49 iterates them
 *   with for..of -> TypeError "Cannot read properties of undefined (reading 'id')" (tool call
 *   index 1 without 0) or "(reading 'message')" (choice index 1 without 0).
 * - If choices[0].message.role is not 'assistant' -> "stream ended without producing a
 *   ChatCompletionMessage with role=assistant" (ACR 206-222 via _emitFinal).
 * - Non-OpenAIError errors (TypeError, SyntaxError) are re-wrapped in OpenAIError with the same
 *   message (lib/EventStream.ts 1983-2002). finish_reason 'length'/'content_filter' do NOT
 *   throw here (only with parse helpers / runTools, 1964-1972).
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { splitAt } from '../streams.ts';

export type SdkFinalResult =
  | { ok: true; completion: unknown; chunks: unknown[] }
  | { ok: false; error: string; chunks: unknown[] };

export type SdkRawResult = { ok: true; chunks: unknown[] } | { ok: false; error: string; chunks: unknown[] };

const REQUEST = { model: 'x', messages: [{ role: 'user' as const, content: 'hi' }] };


const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Serves `body` once per request on a loopback port and runs `run` against an OpenAI client
 * pointed at it. The server is always closed, whatever `run` does.
 */
async function withLoopbackClient<T>(
  body: Uint8Array,
  split: readonly number[] | undefined,
  run: (client: OpenAI) => Promise<T>,
): Promise<T> {
  const parts = splitAt(body, split ?? []);
  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    void (async () => {
      for (const [i, part] of parts.entries()) {
        // Wait for each write to be flushed, and leave a gap, so separate writes tend to reach
        // the client as separate reads (TCP may still coalesce them; that is also fine).
        await new Promise<void>((resolve) => res.write(part, () => resolve()));
        if (i < parts.length - 1) await pause(1);
      }
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  try {
    const { port } = server.address() as AddressInfo;
    // logLevel 'off' only silences the SDK's console.error on malformed JSON; behaviour is unchanged.
    const client = new OpenAI({ apiKey: 'test', baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0, logLevel: 'off' });
    return await run(client);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What `client.chat.completions.stream(...).finalChatCompletion()` makes of an SSE body.
 * `chunks` are the `chunk` events (already normalised, see above), deep-copied when emitted because
 * the snapshot shares some objects with them (e.g. a delta's function_call, CCS 2039) and mutates them.
 */
export async function openaiSdkFinalCompletion(
  body: Uint8Array,
  options?: { split?: number[] },
): Promise<SdkFinalResult> {
  const chunks: unknown[] = [];
  try {
    return await withLoopbackClient(body, options?.split, async (client) => {
      const stream = client.chat.completions.stream(REQUEST);
      stream.on('chunk', (chunk) => chunks.push(structuredClone(chunk)));
      const completion = await stream.finalChatCompletion();
      return { ok: true as const, completion, chunks };
    });
  } catch (error) {
    return { ok: false, error: messageOf(error), chunks };
  }
}

/** The chunks the plain `create({ stream: true })` async iterator yields (normalised: finish_reason ?? null). */
export async function openaiSdkRawChunks(body: Uint8Array, options?: { split?: number[] }): Promise<SdkRawResult> {
  const chunks: unknown[] = [];
  try {
    return await withLoopbackClient(body, options?.split, async (client) => {
      const stream = await client.chat.completions.create({ ...REQUEST, stream: true });
      for await (const chunk of stream) chunks.push(chunk);
      return { ok: true as const, chunks };
    });
  } catch (error) {
    return { ok: false, error: messageOf(error), chunks };
  }
}
