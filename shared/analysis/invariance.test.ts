// Property tests (fast-check) for the quality bar "chunk-boundary invariance"
// (docs/architecture.md, "Quality bars"): however the same bytes are split into reads, the events, the
// analysis and the diagnostics are identical; and no input makes anything throw.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../framing/sse/parser.ts';
import type { SseEvent } from '../framing/sse/parser.ts';
import { analyzeRecording } from './analyze.ts';
import { toContract } from './contract.ts';
import { bytes, chunk, delta, realStreams, splitAt } from '../test/streams.ts';
import type { Recording } from '../recording/types.ts';

const withoutRead = (events: readonly SseEvent[]) => events.map(({ read: _read, ...rest }) => rest);

function untimedReads(parts: Uint8Array[]): Recording {
  return { source: 'sse', startedAt: null, request: null, response: null, reads: parts.map((part) => ({ t: null, bytes: part })), end: null };
}

/** Lines an SSE body may hold, good and bad, in every line-ending style. */
const lineArb = fc.oneof(
  fc.constantFrom('', ':', ': keep-alive', 'data: [DONE]', 'data', 'event: error', 'id: 1', 'retry: 100', 'retry: x', 'error: {"message":"x"}', 'data: {"a":'),
  fc.string().map((s) => `data: ${s}`),
  fc.string({ unit: 'grapheme' }).map((s) => `data:${s}`),
  fc.string({ unit: 'binary' }),
  fc
    .record({
      content: fc.option(fc.string({ unit: 'grapheme' })),
      role: fc.option(fc.constant('assistant')),
      finish: fc.option(fc.constantFrom('stop', 'length', 'tool_calls', 'eos')),
      index: fc.nat(2),
      tool: fc.option(fc.record({ index: fc.option(fc.nat(2)), id: fc.option(fc.string()), name: fc.option(fc.string()), args: fc.option(fc.string()) })),
      usage: fc.boolean(),
    })
    .map(({ content, role, finish, index, tool, usage }) => {
      const d: Record<string, unknown> = {};
      if (role !== null) d.role = role;
      if (content !== null) d.content = content;
      if (tool !== null) d.tool_calls = [{ index: tool.index ?? undefined, id: tool.id ?? undefined, function: { name: tool.name ?? undefined, arguments: tool.args ?? undefined } }];
      const payload = usage ? chunk([], { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }) : chunk([delta(d, finish, index)]);
      return `data: ${JSON.stringify(payload)}`;
    }),
);
const endingArb = fc.constantFrom('\n', '\r', '\r\n');
const bodyArb = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(lineArb, endingArb), { maxLength: 30 }), fc.boolean())
  .map(([bom, lines, tail]) => {
    const text = lines.map(([line, ending]) => line + ending).join('') + (tail ? 'data: tail' : '');
    const body = bytes(text);
    return bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...body]) : body;
  });
const cutsArb = fc.array(fc.nat({ max: 4096 }), { maxLength: 20 });

describe('however a body is split into reads', () => {
  it('the parser yields the same events and the same end state', () => {
    fc.assert(
      fc.property(bodyArb, cutsArb, (body, cuts) => {
        const whole = parseSse(body);
        const split = parseSse(splitAt(body, cuts.map((cut) => cut % (body.length + 1))));
        expect(withoutRead(split.events)).toEqual(withoutRead(whole.events));
        expect(split.partial).toEqual(whole.partial);
        expect(split.stats.lineEndings).toEqual(whole.stats.lineEndings);
        expect(split.stats.bom).toBe(whole.stats.bom);
      }),
      { numRuns: 400 },
    );
  });

  it('the analysis of an untimed body is identical', () => {
    fc.assert(
      fc.property(bodyArb, cutsArb, (body, cuts) => {
        const whole = toContract(analyzeRecording(untimedReads([body])));
        const split = toContract(analyzeRecording(untimedReads(splitAt(body, cuts.map((cut) => cut % (body.length + 1))))));
        expect({ ...split, counts: { ...split.counts, reads: 0 } }).toEqual({ ...whole, counts: { ...whole.counts, reads: 0 } });
      }),
      { numRuns: 300 },
    );
  });

  it('the analysis of every real stream is identical when split at random', () => {
    for (const { name, bytes: body } of realStreams()) {
      const whole = toContract(analyzeRecording(untimedReads([body])));
      fc.assert(
        fc.property(fc.array(fc.nat({ max: body.length }), { maxLength: 40 }), (cuts) => {
          const split = toContract(analyzeRecording(untimedReads(splitAt(body, cuts))));
          expect({ ...split, counts: { ...split.counts, reads: 0 } }, name).toEqual({ ...whole, counts: { ...whole.counts, reads: 0 } });
        }),
        { numRuns: 5 },
      );
    }
  });
});

describe('on any input', () => {
  it('random bytes never make the parser or the analysis throw, and the events tile the body in order', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), cutsArb, (body, cuts) => {
        const parts = splitAt(body, cuts.map((cut) => cut % (body.length + 1)));
        const { events, partial, stats } = parseSse(parts);
        let last = 0;
        for (const event of events) {
          expect(event.start).toBeGreaterThanOrEqual(last);
          expect(event.end).toBeGreaterThan(event.start);
          last = event.end;
        }
        if (partial) expect(partial.start).toBeGreaterThanOrEqual(last);
        expect(stats.bytes).toBe(body.length);
        expect(() => toContract(analyzeRecording(untimedReads(parts)))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('JSON of any shape in a data line never makes the analysis throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const body = `data: ${JSON.stringify(a)}\n\ndata: ${JSON.stringify({ choices: [b, { delta: b, index: 0 }], usage: b })}\n\n`;
        expect(() => toContract(analyzeRecording(untimedReads([bytes(body)])))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
