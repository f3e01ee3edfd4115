// What the echo dialect brings to the dialect suite (dialect.suite.ts): bodies as an echo server
// writes them (no real server does, so none are captured) — with text of several bytes a
// character, with keep-alive comments and CRLF endings, and one cut before its end — and bodies
// of random events of its kinds.

import fc from 'fast-check';
import type { DialectSamples } from '../../dialect.suite.ts';

const encode = (text: string) => new TextEncoder().encode(text);

export const ECHO_BODY = 'data: {"echo":"Hel"}\n\ndata: {"echo":"lo, "}\n\ndata: {"echo":"wörld 😀"}\n\ndata: {"end":true}\n\n';
export const CUT_BODY = 'data: {"echo":"Hel"}\n\ndata: {"echo":"lo"}\n\n';

const event = fc.oneof(
  fc.string({ maxLength: 6 }).map((text) => `data: ${JSON.stringify({ echo: text })}\n\n`),
  fc.jsonValue({ maxDepth: 2 }).map((value) => `data: ${JSON.stringify({ echo: value })}\n\n`),
  fc.jsonValue({ maxDepth: 2 }).map((value) => `data: ${JSON.stringify(value)}\n\n`),
  fc.constantFrom('data: {"end":true}\n\n', 'data: {"end":false}\n\n', ': keep-alive\n\n', 'data: [DONE]\n\n', 'data: {"echo":\n\n', 'event: ping\n\n'),
);

export const echoSamples: DialectSamples = {
  bodies: [
    { name: 'text in three events, then the end', bytes: encode(ECHO_BODY) },
    { name: 'keep-alive comments and CRLF endings', bytes: encode(': ping\r\n\r\ndata: {"echo":"a"}\r\n\r\n: ping\r\n\r\ndata: {"echo":"b"}\r\n\r\ndata: {"end":true}\r\n\r\n') },
    { name: 'cut before its end', bytes: encode(CUT_BODY) },
  ],
  broken: { bodies: fc.array(event, { maxLength: 20 }).map((events) => events.join('')) },
};
