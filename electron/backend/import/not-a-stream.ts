// The one rule for a file that holds no stream (a file of event-stream frames holds one), which `import` and every command taking a
// RECORDING file (`inspect`, `export`, `replay`) apply: refused with a reason, never read as an
// "SSE body" of 0 events with errors that blame a stream nobody sent.

import { framingOfBareBody } from '../../../shared/framing/registry.ts';
import { createSseParser, detectFormat, utf8Lossy } from '../../../shared/index.ts';

/** A line of an SSE body: a field a client acts on, or a comment (WHATWG HTML §9.2.6). */
const SSE_FIELD = /(?:^|[\r\n])(?:data|event|id|retry)?:/;
const SSE_PROBE_PIECE = 64 * 1024;

/**
 * Why the file's bytes are not a stream Streamscope reads, or null when they may be one. A name
 * ending `.sse` always may. `verb` is what the caller does with a stream ("import", "read").
 */
export function whyNotAStream(path: string, bytes: Uint8Array, verb: string): string | null {
  if (detectFormat(path, bytes) !== 'sse') return null;
  // A bare body of AWS event-stream frames (Bedrock's), told by its first prelude as the analysis tells it (framingOfBareBody).
  if (framingOfBareBody(bytes) !== 'sse') return null;
  if (!/\.(sse|txt)$/i.test(path) && !SSE_FIELD.test(utf8Lossy(bytes.subarray(0, SSE_PROBE_PIECE)))) {
    return `not a format Streamscope reads (no SSE field, no .ssrec.jsonl line, no HAR log, no curl trace line); name it .sse to ${verb} it as an SSE body anyway`;
  }
  // Streamscope's own HTML report holds `data:` lines, but no blank line ever ends an event: it
  // was read as an "SSE body" of 0 events with two errors (issue 27). Only a name says a file
  // with no event is a stream.
  if (!/\.sse$/i.test(path) && !holdsAnSseEvent(bytes)) {
    const page = /^\s*<(?:!doctype html|html)/i.test(utf8Lossy(bytes.subarray(0, 1024)).replace(/^\uFEFF/, ''));
    return `not a format Streamscope reads (no SSE event, as a blank line ends one${page ? `; an HTML page, as a Streamscope report is, holds no stream: ${verb} the recording it was made from` : ''}); name it .sse to ${verb} it as an SSE body anyway`;
  }
  return null;
}

/** Whether an SSE parser dispatches at least one event from `bytes` (fed a piece at a time, to stop at the first). */
function holdsAnSseEvent(bytes: Uint8Array): boolean {
  let found = false;
  const parser = createSseParser({ onEvent: () => void (found = true) });
  for (let at = 0; at < bytes.length && !found; at += SSE_PROBE_PIECE) parser.feed(bytes.subarray(at, at + SSE_PROBE_PIECE));
  if (!found) parser.end();
  return found;
}
