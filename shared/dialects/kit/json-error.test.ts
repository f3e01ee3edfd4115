import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../analysis/analyze.ts';
import { realStreams, untimed } from '../../test/streams.ts';
import { locateJsonError } from './json-error.ts';
import { toolCallsOf } from '../chat/message.ts';
import { checkArguments, describeArgumentsError } from './arguments.ts';

const at = (text: string) => {
  const found = locateJsonError(text);
  return found && [found.offset, found.line, found.column, found.expected];
};

describe('locating where a text stops being JSON', () => {
  it('finds nothing wrong in JSON texts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e+3, true, false, null, "x\\n\\u00e9"]} ', '"s"', '0', '-0.0E-1', '{"a":{"b":{"c":[[]]}}}']) {
      expect(locateJsonError(text)).toBeNull();
    }
  });

  it('points at the character the grammar cannot take, with what it wanted', () => {
    expect(at('{"a":}')).toEqual([5, 1, 6, 'a value']);
    expect(at('{"a" 1}')).toEqual([5, 1, 6, "':' after the key"]);
    expect(at('{"a":1 "b":2}')).toEqual([7, 1, 8, "',' or '}'"]);
    expect(at('[1,]')).toEqual([3, 1, 4, 'a value']);
    expect(at("{'a':1}")).toEqual([1, 1, 2, "a string key or '}'"]);
    expect(at('{"a":1,}')).toEqual([7, 1, 8, 'a string key']);
    expect(at('{"a":1} x')).toEqual([8, 1, 9, 'the end of the text after a complete value']);
    expect(at('01')).toEqual([1, 1, 2, 'the end of the text after a complete value']);
    expect(at('[1.]')).toEqual([3, 1, 4, 'a digit after the decimal point']);
    expect(at('[1e+]')).toEqual([4, 1, 5, 'a digit in the exponent']);
    expect(at('[-x]')).toEqual([2, 1, 3, "a digit after '-'"]);
    expect(at('[tru]')).toEqual([4, 1, 5, "'true'"]);
    expect(at('["a\\x"]')).toEqual([4, 1, 5, 'an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u']);
    expect(at('["\\u12g4"]')).toEqual([6, 1, 7, 'four hex digits after \\u']);
    expect(at('["a\tb"]')).toEqual([3, 1, 4, 'no control character inside a string (escape it)']);
  });

  it('says when the text ends early, at its end', () => {
    expect(at('{"city":"Paris"')).toEqual([15, 1, 16, "',' or '}' (the text ends early)"]);
    expect(at('{"city":"Par')).toEqual([12, 1, 13, 'the closing quote of the string (the text ends early)']);
    expect(at('{"a":')).toEqual([5, 1, 6, 'a value (the text ends early)']);
    expect(at('[tr')).toEqual([3, 1, 4, "'true' (the text ends early)"]);
    expect(at('')).toEqual([0, 1, 1, 'a value (the text ends early)']);
  });

  it('counts lines and columns', () => {
    expect(at('{\n  "a": 1,\n  "b" 2\n}')).toEqual([18, 3, 7, "':' after the key"]);
  });

  it('takes nesting a recursive parser would overflow on', () => {
    expect(locateJsonError('['.repeat(200_000) + ']'.repeat(200_000))).toBeNull();
    expect(at('['.repeat(200_000))).toEqual([200_000, 1, 200_001, "a value or ']' (the text ends early)"]);
  });

  it('agrees with JSON.parse on what is JSON, for any cut of any JSON text', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), (json, cut, tail) => {
        const text = json.slice(0, cut % (json.length + 1)) + tail;
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(locateJsonError(text) === null).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checking tool-call arguments', () => {
  it('gives the position of the failure as an offset, a line and a column', () => {
    expect(checkArguments('{"a":}')).toMatchObject({ valid: false, position: 5, line: 1, column: 6, expected: 'a value' });
    expect(checkArguments('{"a":\n  1\n  "b"')).toMatchObject({ valid: false, position: 12, line: 3, column: 3, expected: "',' or '}'" });
  });

  it('says where and why in one line', () => {
    const check = checkArguments('{"city":"Paris"');
    expect(!check.valid && describeArgumentsError(check)).toMatch(/^line 1, column 16 \(character 15\): expected ',' or '}' \(the text ends early\) \(JSON\.parse: .+\)$/);
    const empty = checkArguments(' ');
    expect(!empty.valid && describeArgumentsError(empty)).toBe('line 1, column 1 (character 0): empty arguments');
  });

  it('checks every reassembled tool call of the real streams as JSON.parse does', () => {
    let checked = 0;
    for (const { name, bytes } of realStreams()) {
      for (const choice of analyzeRecording(untimed(bytes)).state.choices.values()) {
        for (const call of toolCallsOf(choice)) {
          const check = checkArguments(call.arguments);
          let parsed: unknown;
          try {
            parsed = JSON.parse(call.arguments);
          } catch {
            expect(check, name).toMatchObject({ valid: false });
            continue;
          }
          expect(check, name).toEqual({ valid: true, value: parsed });
          checked++;
        }
      }
    }
    // The corpus's 13 tool calls that reassemble to JSON.
    expect(checked).toBe(13);
  });
});
