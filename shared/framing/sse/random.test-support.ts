// Random SSE bodies for the dialect suite (dialect.suite.ts, "never throws on random messages"):
// lines of any field, JSON of any shape and text, ended by LF, CRLF or CR.

import fc from 'fast-check';

const encode = (text: string) => new TextEncoder().encode(text);

const line = fc.oneof(
  fc.constantFrom('', ':', 'event: ping', 'event: message_start', 'event: error', 'data: [DONE]', 'data: {"type":'),
  fc.jsonValue({ maxDepth: 2 }).map((json) => `data: ${JSON.stringify(json)}`),
  fc.string().map((s) => `data: ${s}`),
);

export const randomSseBodies: fc.Arbitrary<Uint8Array> = fc
  .array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 30 })
  .map((lines) => encode(lines.map(([text, ending]) => text + ending).join('')));
