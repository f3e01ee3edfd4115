import { describe, expect, it } from 'vitest';
import { createSseParser, parseSse } from './parser.ts';
import type { SseEvent } from './parser.ts';
import { byteByByte, bytes, splitAt } from '../../test/streams.ts';

/** The fields of each event, without positions: what must not depend on how the body was split. */
function fieldsOf(events: readonly SseEvent[]) {
  return events.map(({ data, event, id, retry, comments, unknownFields, start, end }) => ({ data, event, id, retry, comments, unknownFields, start, end }));
}

/** Parses a body whole, byte by byte, and split at every offset, and checks they all agree. */
function parseEverySplit(text: string | Uint8Array) {
  const data = typeof text === 'string' ? bytes(text) : text;
  const whole = parseSse(data);
  const single = parseSse(byteByByte(data));
  expect(fieldsOf(single.events)).toEqual(fieldsOf(whole.events));
  expect(single.partial).toEqual(whole.partial);
  expect(single.stats.lineEndings).toEqual(whole.stats.lineEndings);
  for (let at = 1; at < data.length; at++) {
    const split = parseSse(splitAt(data, [at]));
    expect(fieldsOf(split.events), `split at ${at}`).toEqual(fieldsOf(whole.events));
    expect(split.partial, `split at ${at}`).toEqual(whole.partial);
  }
  return whole;
}

describe('the SSE parser', () => {
  it('dispatches an event at a blank line, with data, its byte range and its read', () => {
    const { events, partial } = parseSse(bytes('data: hello\n\n'));
    expect(events).toEqual([{ index: 0, start: 0, end: 13, read: 0, data: 'hello', event: null, id: null, retry: null, comments: [], unknownFields: [] }]);
    expect(partial).toBeNull();
  });

  it('ends lines at LF, CR and CRLF alike, and counts each style', () => {
    const result = parseEverySplit('data: a\n\ndata: b\r\rdata: c\r\n\r\n');
    expect(result.events.map((event) => event.data)).toEqual(['a', 'b', 'c']);
    expect(result.events.map((event) => [event.start, event.end])).toEqual([
      [0, 9],
      [9, 18],
      [18, 29],
    ]);
    expect(result.stats.lineEndings).toEqual({ lf: 2, cr: 2, crlf: 2 });
  });

  it('treats a CRLF split across two reads as one line ending, not two', () => {
    const { events, stats } = parseSse([bytes('data: a\r'), bytes('\n\r'), bytes('\n')]);
    expect(events.map((event) => [event.data, event.end, event.read])).toEqual([['a', 11, 2]]);
    expect(stats.lineEndings).toEqual({ lf: 0, cr: 0, crlf: 2 });
  });

  it('dispatches an event ended by a lone CR at the end of a read as soon as the next byte shows it is not CRLF', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser({ onEvent: (event) => events.push(event) });
    parser.feed(bytes('data: a\r\r'));
    expect(events).toEqual([]);
    parser.feed(bytes('data: b'));
    expect(events.map((event) => [event.data, event.end, event.read])).toEqual([['a', 9, 0]]);
  });

  it('drops a UTF-8 BOM at the very start, even split across reads, and notes it', () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('data: x\n\n')]);
    const result = parseEverySplit(body);
    expect(result.events.map((event) => [event.data, event.start])).toEqual([['x', 3]]);
    expect(result.stats.bom).toBe(true);
  });

  it('keeps a BOM that is not at the start of the body, which makes an unknown field name', () => {
    const { events } = parseSse(bytes('data: a\n\n\uFEFFdata: b\n\n'));
    expect(events[1]).toMatchObject({ data: null, unknownFields: [{ name: '\uFEFFdata', value: 'b' }] });
  });

  it('keeps comments, without their colon, and dispatches an event made only of comments', () => {
    const { events } = parseEverySplit(': OPENROUTER PROCESSING\n\n:\n\n');
    expect(events.map((event) => [event.data, event.comments])).toEqual([
      [null, [' OPENROUTER PROCESSING']],
      [null, ['']],
    ]);
  });

  it('reads event, id and retry fields, the last of each winning', () => {
    const { events } = parseEverySplit('event: a\nevent: error\nid: 1\nid: 7\nretry: 10\nretry: 3000\ndata: {}\n\n');
    expect(events[0]).toMatchObject({ event: 'error', id: '7', retry: 3000, data: '{}' });
  });

  it('ignores an id containing NUL and keeps a retry that is not all digits as an unknown field', () => {
    const { events } = parseSse(bytes('id: a\0b\nretry: 10s\ndata: x\n\n'));
    expect(events[0]).toMatchObject({ id: null, retry: null, unknownFields: [{ name: 'retry', value: '10s' }] });
  });

  it('joins data lines with LF', () => {
    const { events } = parseEverySplit('data: {"a":\ndata:  1}\n\n');
    expect(events[0]!.data).toBe('{"a":\n 1}');
  });

  it('drops exactly one space after the colon', () => {
    const { events } = parseSse(bytes('data:x\n\ndata: x\n\ndata:  x\n\n'));
    expect(events.map((event) => event.data)).toEqual(['x', 'x', ' x']);
  });

  it('reads a line without a colon as a field with an empty value', () => {
    const { events } = parseSse(bytes('data\n\ndata\ndata\n\n'));
    expect(events.map((event) => event.data)).toEqual(['', '\n']);
  });

  it('keeps fields the standard does not know, such as the `error:` line llama.cpp has sent', () => {
    const { events } = parseSse(bytes('error: {"message":"boom"}\n\n'));
    expect(events[0]).toMatchObject({ data: null, unknownFields: [{ name: 'error', value: '{"message":"boom"}' }] });
  });

  it('decodes a UTF-8 character split across reads', () => {
    const body = bytes('data: né 🦀\n\n');
    const { events } = parseSse(byteByByte(body));
    expect(events[0]!.data).toBe('né 🦀');
  });

  it('replaces invalid UTF-8 with U+FFFD and goes on', () => {
    const { events } = parseSse(new Uint8Array([...bytes('data: '), 0xff, 0xfe, ...bytes('\n\ndata: ok\n\n')]));
    expect(events.map((event) => event.data)).toEqual(['\uFFFD\uFFFD', 'ok']);
  });

  it('ignores blank lines between events', () => {
    const { events } = parseEverySplit('\n\n\ndata: a\n\n\n\ndata: b\n\n');
    expect(events.map((event) => [event.data, event.start, event.end])).toEqual([
      ['a', 3, 12],
      ['b', 14, 23],
    ]);
  });

  it('names the read that completed each event', () => {
    const { events } = parseSse([bytes('data: a\n'), bytes('\ndata: b\n\nda'), bytes('ta: c\n\n')]);
    expect(events.map((event) => [event.data, event.read])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('counts empty reads as reads', () => {
    const { events, stats } = parseSse([bytes('data: a\n'), new Uint8Array(0), bytes('\n')]);
    expect(events[0]!.read).toBe(2);
    expect(stats.reads).toBe(3);
  });

  describe('at the end of the body', () => {
    it('reports an event that never got its blank line instead of dropping it', () => {
      const { events, partial } = parseEverySplit('data: a\n\ndata: [DONE]\n');
      expect(events.map((event) => event.data)).toEqual(['a']);
      expect(partial).toMatchObject({ start: 9, end: 22, data: '[DONE]', unterminatedLine: false });
    });

    it('reports a last line without a line ending', () => {
      const { partial } = parseEverySplit('data: a\n\ndata: {"x":');
      expect(partial).toMatchObject({ start: 9, end: 20, data: '{"x":', unterminatedLine: true });
    });

    it('dispatches an event whose final CR was the last byte', () => {
      const { events, partial, stats } = parseSse([bytes('data: a\r'), bytes('\r')]);
      expect(events.map((event) => [event.data, event.end, event.read])).toEqual([['a', 9, 1]]);
      expect(partial).toBeNull();
      expect(stats.lineEndings).toEqual({ lf: 0, cr: 2, crlf: 0 });
    });

    it('reports nothing for an empty body or one of blank lines', () => {
      expect(parseSse(new Uint8Array(0))).toMatchObject({ events: [], partial: null, stats: { bytes: 0, reads: 1 } });
      expect(parseSse(bytes('\n\r\n\r'))).toMatchObject({ events: [], partial: null });
    });
  });

  it('refuses to be fed after it ended', () => {
    const parser = createSseParser({ onEvent: () => {} });
    parser.end();
    expect(() => parser.feed(bytes('data: a\n\n'))).toThrow('feed() after end()');
    expect(() => parser.end()).toThrow('end() called twice');
  });

  it('does not keep references to the caller’s buffers', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser({ onEvent: (event) => events.push(event) });
    const buffer = bytes('data: abc');
    parser.feed(buffer);
    buffer.fill(0x7a);
    parser.feed(bytes('\n\n'));
    expect(events[0]!.data).toBe('abc');
  });

  it('parses a 20 MB data line fed in 16 KiB reads in linear time', () => {
    const size = 20 * 1024 * 1024;
    const line = new Uint8Array(size + 8);
    line.set(bytes('data: '));
    line.fill(0x61, 6, 6 + size);
    line.set(bytes('\n\n'), 6 + size);
    const reads: Uint8Array[] = [];
    for (let at = 0; at < line.length; at += 16384) reads.push(line.subarray(at, at + 16384));
    const { events } = parseSse(reads);
    expect(events).toHaveLength(1);
    expect(events[0]!.data!.length).toBe(size);
  });

  it('reads a body larger than its decoding segments the same whole as split, with CRLF, non-ASCII and invalid bytes', () => {
    const parts: Uint8Array[] = [];
    for (let i = 0; i < 6000; i++) {
      parts.push(bytes(`data: {"i":${i},"text":"${i % 7 === 0 ? 'résumé 東京 😀' : 'plain words'}"}${i % 5 === 0 ? '\r\n\r\n' : '\n\n'}`));
      if (i % 997 === 0) parts.push(new Uint8Array([...bytes('data: '), 0xff, 0xc3, ...bytes('\n\n')]));
    }
    const body = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    parts.reduce((at, part) => (body.set(part, at), at + part.length), 0);
    expect(body.length).toBeGreaterThan(3 * 64 * 1024);
    const whole = parseSse(body);
    const split = parseSse(splitAt(body, Array.from({ length: 40 }, (_, i) => Math.floor(((i + 1) * body.length) / 41) + (i % 3))));
    expect(fieldsOf(split.events)).toEqual(fieldsOf(whole.events));
    expect(whole.events).toHaveLength(6007);
    expect(whole.events[1]!.data).toBe('\uFFFD\uFFFD');
    expect(whole.events.at(-1)!.end).toBe(body.length);
    expect(whole.stats.lineEndings).toEqual({ lf: 2 * 4807, cr: 0, crlf: 2 * 1200 });
  });

  it('parses a million tiny events', () => {
    const { events } = parseSse(bytes('data: x\n\n'.repeat(1_000_000)));
    expect(events).toHaveLength(1_000_000);
    expect(events.at(-1)).toMatchObject({ index: 999_999, start: 8_999_991, end: 9_000_000, data: 'x' });
  });
});
