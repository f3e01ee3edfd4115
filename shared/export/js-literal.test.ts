// Literals for generated code: whatever the string, evaluating the literal gives it back exactly,
// and nothing in it can end the literal, a comment or a <script> element.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentText, jsNumber, jsString, jsValue } from './js-literal.ts';

/** Any UTF-16 unit, lone surrogates and NUL included. */
const anyString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 40 });

// The generated module is evaluated the same way: as code. Here the code is only the literal.
const evaluate = (code: string): unknown => new Function(`"use strict"; return (${code});`)();

describe('jsString', () => {
  it('evaluates to the same string, whatever it holds', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(evaluate(jsString(text))).toBe(text);
      }),
    );
  });

  it('leaves no raw line terminator, NUL, lone surrogate, < or >', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(jsString(text)).not.toMatch(/[\n\r\u2028\u2029\0<>]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
    );
  });

  it('writes what could end a script element or a comment as escapes', () => {
    expect(jsString('</script>*/`${x}`\u2028\0\ud800')).toBe('"\\u003c/script\\u003e*/`${x}`\\u2028\\u0000\\ud800"');
  });
});

describe('jsValue', () => {
  it('evaluates to what JSON.parse gives, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        expect(evaluate(jsValue(value, indent))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('keeps a "__proto__" key an own property, as JSON.parse does, and leaves the same text in a string alone', () => {
    const parsed = JSON.parse('{"a":{"__proto__":{"x":1}},"b":[{"__proto__":2}],"c":"{\\"__proto__\\":3}"}');
    const value = evaluate(jsValue(parsed, 2)) as { a: object; b: object[]; c: string };
    expect(Object.getPrototypeOf(value.a)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value.a, '__proto__')?.value).toEqual({ x: 1 });
    expect(Object.getOwnPropertyDescriptor(value.b[0], '__proto__')?.value).toBe(2);
    expect(value.c).toBe('{"__proto__":3}');
  });

  it('writes null for what JSON has no value for', () => {
    expect([jsValue(undefined), jsValue({ a: undefined, b: Number.NaN })]).toEqual(['null', '{"b":null}']);
  });
});

describe('jsNumber', () => {
  it('writes finite numbers as they are and null for the rest', () => {
    expect([0, 182.113, -1, null, Number.NaN, Infinity].map(jsNumber)).toEqual(['0', '182.113', '-1', 'null', 'null', 'null']);
  });
});

describe('commentText', () => {
  it('cannot end a block comment or a line comment, whatever it holds', () => {
    fc.assert(
      fc.property(anyString, (text) => {
        expect(evaluate(`/* ${commentText(text)} */ 1`)).toBe(1);
        expect(new Function(`// ${commentText(text)}\nreturn 1;`)()).toBe(1);
      }),
    );
    expect(commentText('a */ b /* c\nd')).toBe('"a *\\/ b /\\* c\\nd"');
  });
});
