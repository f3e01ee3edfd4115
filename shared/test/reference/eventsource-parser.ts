/*
 * Reference SSE event parsing with eventsource-parser 4.1.3 (node_modules/eventsource-parser/src/parse.ts).
 *
 * The body is decoded with one streaming `new TextDecoder()` (UTF-8, non-fatal: invalid bytes
 * become U+FFFD; a leading BOM is dropped) over the given byte splits, each piece fed to one
 * parser, then `decode()` is flushed at the end. How eventsource-parser differs from the WHATWG
 * algorithm and from the openai SDK's decoder:
 *
 * - Empty data IS dispatched. An event is dispatched when the block had >= 1 `data` line
 *   (`dataLines > 0`, parse.ts:274, 297, 492), so `data:\n\n` / `data: \n\n` yield
 *   `{ data: '' }`. WHATWG drops an event whose data buffer is empty.
 * - Blocks with no `data` line (only `event:`, only `id:`, only comments) are not dispatched
 *   (`onId` still fires for a lone `id:`, parse.ts:488-490). The openai SDK, by contrast,
 *   dispatches an `event:`-only block with data '' (core/streaming.ts:689).
 * - An unterminated last event (EOF without a blank line) is NOT dispatched: the parser has no
 *   end-of-input call (`reset({consume:true})` only parses the pending line, parse.ts:506-510).
 *   WHATWG agrees (discard); the openai SDK flushes it (core/streaming.ts:593).
 * - `id` is per event: reset to undefined after every block (parse.ts:500), unlike WHATWG's
 *   last-event-ID buffer that persists across events. An `id` containing U+0000 is ignored.
 * - `event:` with an empty value gives `event: undefined` (not "message"; parse.ts:316-320).
 * - One leading BOM is stripped (also when split, parse.ts:84-95); `\r`, `\n`, `\r\n` all end
 *   lines, including `\r` | `\n` split across feeds (parse.ts:56-62, 175-181).
 * - One optional space after the colon is removed; field names are case-sensitive.
 * - Unknown fields and bad `retry` values go to `onError` (parse.ts:459-483) and are otherwise
 *   ignored. But a line cut by a feed boundary whose start already rules out every known field
 *   is skipped silently, without `onError` (parse.ts:204-211), so `errors` can depend on the
 *   split. Events, comments and retries do not.
 * - Comment lines go to `onComment` without the ':' and one following space (parse.ts:420-425).
 */

import { createParser } from 'eventsource-parser';
import { splitAt } from '../streams.ts';

export type EsEvent = { event: string | undefined; id: string | undefined; data: string };

export type EsTrace = {
  events: EsEvent[];
  comments: string[];
  retries: number[];
  /** `ParseError` messages (unknown fields, invalid retry values); may depend on the split. */
  errors: string[];
};


/** Everything eventsource-parser reports for `body`, fed in pieces cut at the `split` byte offsets. */
export function eventsourceParserTrace(body: Uint8Array, split?: number[]): EsTrace {
  const trace: EsTrace = { events: [], comments: [], retries: [], errors: [] };
  const parser = createParser({
    onEvent: ({ event, id, data }) => trace.events.push({ event, id, data }),
    onComment: (comment) => trace.comments.push(comment),
    onRetry: (retry) => trace.retries.push(retry),
    onError: (error) => trace.errors.push(error.message),
  });
  const decoder = new TextDecoder();
  for (const piece of splitAt(body, split ?? [])) parser.feed(decoder.decode(piece, { stream: true }));
  const rest = decoder.decode();
  if (rest) parser.feed(rest);
  return trace;
}

/** The events (in order) eventsource-parser dispatches for `body`, fed in pieces cut at `split`. */
export function eventsourceParserEvents(body: Uint8Array, split?: number[]): EsEvent[] {
  return eventsourceParserTrace(body, split).events;
}
