import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../framing/sse/parser.ts';
import { latin1 } from '../test/replay-support.ts';
import { bytes, realStreams } from '../test/streams.ts';
import { dataValueRanges, jsonValueRanges } from './locate.ts';

const FINISH = ['choices', '*', 'finish_reason'];
const found = (json: string, path: readonly string[]): string[] => {
  const data = bytes(json);
  return jsonValueRanges(data, path).map((range) => new TextDecoder().decode(data.subarray(range.start, range.end)));
};

describe('jsonValueRanges', () => {
  it('finds the finish_reason of every choice of every corpus chunk, exactly where the bytes hold it', () => {
    let values = 0;
    for (const { name, bytes: body } of realStreams()) {
      for (const event of parseSse(body).events) {
        let json: { choices?: unknown };
        try {
          json = JSON.parse(event.data ?? '');
        } catch {
          continue;
        }
        const choices = Array.isArray(json?.choices) ? (json.choices as Record<string, unknown>[]) : [];
        const expected = choices.filter((choice) => choice !== null && typeof choice === 'object' && 'finish_reason' in choice).map((choice) => choice.finish_reason);
        const data = bytes(event.data!);
        const ranges = jsonValueRanges(data, FINISH);
        expect(ranges.map((range) => JSON.parse(new TextDecoder().decode(data.subarray(range.start, range.end)))), `${name} event ${event.index}`).toEqual(expected);
        values += ranges.length;
      }
    }
    expect(values).toBeGreaterThan(1000);
  });

  it('looks only along the path: not in strings, not deeper, not at other levels', () => {
    const json = '{"finish_reason":"top","choices":[{"delta":{"content":"\\"finish_reason\\":\\"x\\"","finish_reason":"deep"},"finish_reason":"stop"},{"index":1,"finish_reason":null}],"x":{"choices":[{"finish_reason":"other"}]}}';
    expect(found(json, FINISH)).toEqual(['"stop"', 'null']);
    expect(found(json, ['choices', '*', 'delta', 'content'])).toEqual(['"\\"finish_reason\\":\\"x\\""']);
    expect(found(json, ['choices'])).toEqual([json.slice(json.indexOf('[{"delta"'), json.indexOf(',"x"'))]);
    expect(found(' { "choices" : [ { "finish_reason" : "stop" } ] } ', FINISH)).toEqual(['"stop"']);
    expect(found('{"choices":{"0":{"finish_reason":"stop"}}}', FINISH)).toEqual([]);
    expect(found('{"choices":[[{"finish_reason":"stop"}]]}', FINISH)).toEqual([]);
  });

  it('survives any text, however broken or deeply nested, without throwing', () => {
    expect(found('['.repeat(200_000), FINISH)).toEqual([]);
    expect(found(`{"choices":[${'{"a":'.repeat(50_000)}`, FINISH)).toEqual([]);
    expect(found('{"choices":[{"finish_reason":"st', FINISH)).toEqual([]);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        const ranges = jsonValueRanges(bytes(text), FINISH);
        for (const range of ranges) expect(range.start <= range.end).toBe(true);
      }),
    );
  });
});

describe('dataValueRanges', () => {
  it('finds the value of each data line, whatever the line endings, with or without the space after the colon', () => {
    const body = bytes('id: 1\r\ndata: {"a":\rdata:1}\r\n: comment\ndata\ndatum: x\n\n');
    const ranges = dataValueRanges(body, 0, body.length);
    expect(ranges.map((range) => latin1(body.subarray(range.start, range.end)))).toEqual(['{"a":', '1}', '']);
    expect(parseSse(body).events[0]!.data).toBe('{"a":\n1}\n');
  });

  it('keeps to the event asked for', () => {
    const body = bytes('data: a\n\ndata: b\n\n');
    const [, second] = parseSse(body).events;
    expect(dataValueRanges(body, second!.start, second!.end)).toEqual([{ start: 15, end: 16 }]);
  });
});
