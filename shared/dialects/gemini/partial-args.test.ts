// Vertex's streamed function-call arguments assembled into each call's `args`: the paths read, the
// real streams' calls exactly (whole, split at random and byte by byte), any arguments streamed in
// pieces come back whole, and the rules where the fragments say something odd.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../../framing/sse/parser.ts';
import { runDialect } from '../run.ts';
import { assembleArgs, gemini, parseJsonPath } from './index.ts';
import type { Fragment } from './index.ts';
import { wireBody } from './samples.test-support.ts';
import type { GeminiFixture } from './samples.test-support.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));
const fixture = (name: GeminiFixture) => new TextEncoder().encode(wireBody(name, readFileSync(FIXTURES + name, 'utf8')));
const parts = (body: Uint8Array | Uint8Array[]) => runDialect(gemini, parseSse(body).events).final.candidates.flatMap((candidate) => candidate.content.parts);
const sse = (...events: unknown[]) => new TextEncoder().encode(events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join(''));
const call = (functionCall: Record<string, unknown>) => ({ candidates: [{ content: { role: 'model', parts: [{ functionCall }] } }] });
const fragment = (jsonPath: string, value: Partial<Fragment>): Fragment => ({ jsonPath, segments: parseJsonPath(jsonPath), type: 'string', value: '', willContinue: false, ...value });

describe('a JSONPath of a streamed argument', () => {
  it.each([
    ['$.location', ['location']],
    ['$.a.b[0]', ['a', 'b', 0]],
    ['$.recipe.ingredients[10].name', ['recipe', 'ingredients', 10, 'name']],
    ["$['x.y'][2]", ['x.y', 2]],
    ['$["q\\"t"]', ['q"t']],
    ['$.a[0][1]', ['a', 0, 1]],
  ])('%s is read as its names and indexes', (path, segments) => {
    expect(parseJsonPath(path)).toEqual(segments);
  });

  it.each(['$', '$.', '$..a', '$.*', '$.a[-1]', '$.a[01]', '$.a[0', "$['a]", 'location', '$.a[?(@.b)]'])('%s is not one the assembly reads', (path) => {
    expect(parseJsonPath(path)).toBe(null);
  });
});

describe("a streamed call's arguments", () => {
  const cases: [GeminiFixture, Record<string, unknown>[]][] = [
    ['vertex-gemini3pro-streamed-args-string-values.chunks.txt', [{ name: 'getCurrentWeather', args: { country: 'USA', location: 'NewYorkCity', purpose: 'to know what to wear today', unit: 'C' } }]],
    [
      'vertex-gemini3flash-streamed-args-no-closing-call.chunks.txt',
      [{ name: 'writeItems', args: { operations: [{ action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 }, { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 }] } }],
    ],
    ['vertex-gemini31pro-parallel-streamed-args.chunks.txt', [{ name: 'getWeather', args: { location: 'Boston' } }, { name: 'getWeather', args: { location: 'San Francisco' } }]],
  ];

  it.each(cases)('in %s are assembled, fed whole, split at random and byte by byte', (name, calls) => {
    const body = fixture(name);
    const functionCalls = (reads: Uint8Array | Uint8Array[]) => parts(reads).filter((part) => 'functionCall' in part).map((part) => part.functionCall);
    expect(functionCalls(body)).toEqual(calls);
    expect(functionCalls(Array.from(body, (_, at) => body.subarray(at, at + 1)))).toEqual(calls);
    fc.assert(
      fc.property(fc.array(fc.nat(body.length), { maxLength: 12 }), (cuts) => {
        const at = [0, ...[...new Set(cuts)].sort((a, b) => a - b), body.length];
        expect(functionCalls(at.slice(1).map((end, i) => body.subarray(at[i], end)))).toEqual(calls);
      }),
      { numRuns: 30 },
    );
  });

  it('of a nested recipe put each string, continued over several fragments, at its path', () => {
    const [recipe] = parts(fixture('vertex-gemini31pro-nested-streamed-args.chunks.txt'));
    const args = (recipe!.functionCall as { name: string; args: { recipe: { name: string; ingredients: unknown[]; steps: string[] } } }).args.recipe;
    expect({ keys: Object.keys(args), name: args.name, ingredients: args.ingredients.length, first: args.ingredients[0], last: args.ingredients[9], steps: args.steps.length }).toEqual({
      keys: ['ingredients', 'name', 'steps'],
      name: 'Lasagna',
      ingredients: 10,
      first: { amount: '16 oz', name: 'Lasagna noodles' },
      last: { amount: '1/2 tsp', name: 'Pepper' },
      steps: 10,
    });
    expect([args.steps[1], args.steps[4]]).toEqual(['Cook lasagna noodles according to package directions, drain and set aside.', 'In a 9x13 baking dish, spread a thin layer of meat sauce.']);
  });

  const key = fc.constantFrom('a', 'b', 'location', 'x.y', "it's", 'q"t', 'é', '0', 'constructor');
  const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n)), fc.boolean(), fc.constant(null));
  const { value: argsValue } = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), fc.array(tie('value'), { minLength: 1, maxLength: 3 })),
    object: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 3 }),
  }));
  const args = fc.dictionary(key, argsValue, { minKeys: 1, maxKeys: 4 });

  /** Each leaf of `value` as fragments at its path: a string in pieces, each but the last saying willContinue (or closed by ""). */
  function fragmentsOf(value: unknown, path: string, cuts: number[], out: Record<string, unknown>[]): void {
    if (Array.isArray(value)) value.forEach((item, i) => fragmentsOf(item, `${path}[${i}]`, cuts, out));
    else if (typeof value === 'object' && value !== null) for (const [name, item] of Object.entries(value)) fragmentsOf(item, /^[A-Za-z_]\w*$/.test(name) ? `${path}.${name}` : `${path}['${name.replace(/[\\']/g, (c) => `\\${c}`)}']`, cuts, out);
    else if (typeof value === 'string') {
      const cut = cuts.length > 0 ? cuts.shift()! % (value.length + 1) : value.length;
      const closer = (cuts.shift() ?? 0) % 2 === 0;
      out.push({ jsonPath: path, stringValue: value.slice(0, cut), willContinue: true });
      out.push(closer ? { jsonPath: path, stringValue: value.slice(cut), willContinue: true } : { jsonPath: path, stringValue: value.slice(cut) });
      if (closer) out.push({ jsonPath: path, stringValue: '' });
    } else if (typeof value === 'number') out.push({ jsonPath: path, numberValue: value });
    else if (typeof value === 'boolean') out.push({ jsonPath: path, boolValue: value });
    else out.push({ jsonPath: path, nullValue: 'NULL_VALUE' });
  }

  it('of any shape, streamed a piece at a time and grouped at random into events, come back whole', () => {
    fc.assert(
      fc.property(args, fc.array(fc.nat(), { maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 40 }), fc.boolean(), (expected, cuts, groups, closeWithEmpty) => {
        const fragments: Record<string, unknown>[] = [];
        fragmentsOf(expected, '$', cuts.slice(), fragments);
        const events: unknown[] = [call({ name: 'f', willContinue: true })];
        for (let at = 0, g = 0; at < fragments.length; g++) {
          const size = groups[g % Math.max(1, groups.length)] ?? 1;
          const last = at + size >= fragments.length && !closeWithEmpty;
          events.push(call({ partialArgs: fragments.slice(at, at + size), ...(last ? {} : { willContinue: true }) }));
          at += size;
        }
        if (closeWithEmpty) events.push(call({}));
        events.push({ candidates: [{ finishReason: 'STOP' }] });
        const result = runDialect(gemini, parseSse(sse(...events)).events);
        expect(result.final.candidates[0]!.content.parts).toEqual([{ functionCall: { name: 'f', args: expected } }]);
        expect(result.diagnostics).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('append to a string only while the fragment before at its path said willContinue (the AI SDK appends to any string already there)', () => {
    const { args } = assembleArgs([fragment('$.a', { value: 'x' }), fragment('$.a', { value: 'y' }), fragment('$.b', { value: 'p', willContinue: true }), fragment('$.c', { type: 'number', value: 1 }), fragment('$.b', { value: 'q' })]);
    expect(args).toEqual({ a: 'y', b: 'pq', c: 1 });
  });

  it('keep a key named __proto__ as a key, and touch no prototype', () => {
    const { args } = assembleArgs([fragment('$.__proto__.polluted', { value: 'yes' }), fragment("$['constructor']", { type: 'bool', value: true })]);
    expect(JSON.stringify(args)).toBe('{"__proto__":{"polluted":"yes"},"constructor":true}');
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  });

  it('skip, and say why, a fragment past the end of an array, through an array by name, or at a path not read', () => {
    const { args, skipped } = assembleArgs([fragment('$.a[0]', { type: 'number', value: 1 }), fragment('$.a[2]', { type: 'number', value: 3 }), fragment('$.a.b', { value: 'x' }), fragment('$.*', { value: 'y' }), fragment('$.n', { type: 'none', value: null })]);
    expect({ args, skipped: skipped.map(({ fragment: { jsonPath }, why }) => ({ jsonPath, why })) }).toEqual({
      args: { a: [1] },
      skipped: [
        { jsonPath: '$.a[2]', why: 'index 2 is past the end of $.a (length 1)' },
        { jsonPath: '$.a.b', why: '$.a is an array' },
        { jsonPath: '$.*', why: 'its jsonPath is not a path of names and indexes' },
      ],
    });
  });
});
