// analyzeRecording keeps no string for the data of a plain `data:` event: the event decodes it
// from the recording's bytes when asked. Whatever the event looks like, what it gives back must
// be exactly what the parser gave.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../framing/sse/parser.ts';
import { analyzeRecording } from './analyze.ts';
import { createStreamAnalyzer } from './stream.ts';
import { bytes, realStreams, splitAt, untimed } from '../test/streams.ts';
import type { Recording } from '../recording/types.ts';

function inReads(body: Uint8Array, cuts: readonly number[]): Recording {
  return { ...untimed(body), reads: splitAt(body, cuts).map((part, i) => ({ t: i * 10, bytes: part })) };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

/** A chunk whose only field is `id`, holding `inner` (bytes inside a JSON string): an event the analysis reads from the bytes. */
const chunkWith = (inner: Uint8Array | string) => concat([bytes('{"id":"'), typeof inner === 'string' ? bytes(inner) : inner, bytes('"}')]);
const line = (...parts: (Uint8Array | string)[]) => concat(parts.map((part) => (typeof part === 'string' ? bytes(part) : part)));

/** Events of every shape: plain, spaced or not, non-ASCII, invalid bytes, other line endings, several lines, other fields. */
const EVENTS: Uint8Array[] = [
  line('data: ', chunkWith('plain'), '\n\n'),
  line('data:', chunkWith('no space'), '\n\n'),
  line('data:  ', chunkWith('two spaces'), '\n\n'),
  line('data: ', chunkWith('crlf'), '\r\n\r\n'),
  line('data: ', chunkWith('cr'), '\r\r'),
  line('data: ', chunkWith('crlf then lf'), '\r\n\n'),
  line('data: ', chunkWith('lf then crlf'), '\n\r\n'),
  line('data: ', chunkWith('lf then cr'), '\n\r'),
  line('data: ', chunkWith('café 東京 😀'), '\n\n'),
  line('data: ', chunkWith('\uFEFFinner bom'), '\n\n'),
  line('data: ', chunkWith(new Uint8Array([0xff, 0xfe])), '\n\n'),
  line('data: ', chunkWith(new Uint8Array([0xe6, 0x9d])), '\n\n'),
  line('data: ', chunkWith('real \uFFFD'), '\n\n'),
  line('data: {"id":\ndata: "two lines"}\n\n'),
  line('data: ', chunkWith('x'), '\n: comment\n\n'),
  line('event: delta\ndata: ', chunkWith('x'), '\n\n'),
  // An id holding NUL is dropped without a trace (WHATWG §9.2.6): the bytes hold more than the data.
  line('data: ', chunkWith('y'), '\nid: a\0b\n\n'),
  line('data: ', chunkWith(new Uint8Array([0xff, 0xff, 0xff])), '\nid:a\0\n\n'),
  line('data: ', chunkWith('東'), '\nid:ab\0\n\n'),
  line('data: [DONE]\n\n'),
  line('data: not json\n\n'),
  line('data\n\n'),
];

const dataOf = (recording: Recording) => analyzeRecording(recording).events.map((event) => event.sse.data);
const parsedData = (body: Uint8Array) => parseSse(body).events.map((event) => event.data);

describe('an analysed event read from the recording’s bytes', () => {
  it('gives back exactly the data the parser gave, for events of every shape, whole and in random reads', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(EVENTS.length - 1), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 10 }), (picks, cuts) => {
        const body = concat(picks.map((pick) => EVENTS[pick]!));
        const expected = parsedData(body);
        expect(dataOf(untimed(body))).toEqual(expected);
        expect(dataOf(inReads(body, cuts.map((cut) => cut % (body.length + 1))))).toEqual(expected);
      }),
    );
  });

  it('gives back the data of every real stream, and the same as the live fold, which keeps it', () => {
    for (const { name, bytes: body } of realStreams()) {
      const live = createStreamAnalyzer();
      live.feed(body, null);
      live.end();
      expect(dataOf(untimed(body)), name).toEqual(live.events.map((event) => event.sse.data));
    }
  });
});
