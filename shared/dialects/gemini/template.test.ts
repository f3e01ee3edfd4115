// A Gemini text event read from a template (template.ts) reads exactly as it reads in full: the
// same kind, text, counts and token bits, whatever the text (escapes, non-ASCII, quotes) and the
// counts; and events that are not plain text events (a finish, a signature, a call, an empty
// text, another shape) are read in full.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../../framing/sse/parser.ts';
import type { MessageFields } from '../../framing/types.ts';
import { interpretGeminiEvent, interpretInFull } from './interpret.ts';
import { GEMINI_FIXTURES, wireBody } from './samples.test-support.ts';
import { fromTemplate } from './template.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));
const fields = (data: string): MessageFields => ({ data, event: null, id: null, retry: null, comments: [], unknownFields: [] });

/** An event as Google writes a long answer's (Google's spacing, the counts growing). */
const textEvent = (text: string, candidates: number, thought = false) =>
  `{"candidates": [{"content": {"parts": [{"text": ${JSON.stringify(text)}${thought ? ',"thought": true' : ''}}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 18,"candidatesTokenCount": ${candidates},"totalTokenCount": ${candidates + 18},"promptTokensDetails": [{"modality": "TEXT","tokenCount": 18}]},"modelVersion": "gemini-2.5-flash","responseId": "g1P6aZnMMZq5qtsPj9fyuQ8"}`;

describe("Gemini's text templates", () => {
  it('read the next text event of a long answer without JSON.parse, as it reads in full', () => {
    interpretGeminiEvent(fields(textEvent('The', 1)));
    const next = fields(textEvent(' quick "brown" \\ fox °', 2));
    expect(fromTemplate(next.data!)).toEqual(interpretInFull(next));
    expect(fromTemplate(textEvent('Hmm', 3, true))).toBeNull();
    interpretGeminiEvent(fields(textEvent('Hmm', 3, true)));
    expect(fromTemplate(textEvent('…thinking', 4, true))).toEqual(interpretInFull(fields(textEvent('…thinking', 4, true))));
  });

  it('leave an empty text, another shape or a finish to the full reading', () => {
    interpretGeminiEvent(fields(textEvent('The', 1)));
    expect(fromTemplate(textEvent('', 2))).toBeNull();
    expect(fromTemplate(textEvent('x', 2).replace('"index": 0}', '"finishReason": "STOP","index": 0}'))).toBeNull();
    expect(fromTemplate(textEvent('x', 2).replace('"role": "model"', '"role": "user"'))).toBeNull();
    expect(fromTemplate(textEvent('x', 2).replace('"candidatesTokenCount": 2', '"candidatesTokenCount": 2.5'))).toBeNull();
  });

  it('read any run of text events as the full reading does, event by event', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.nat({ max: 1e9 }), fc.boolean()), { minLength: 1, maxLength: 12 }), (events) => {
        for (const [text, count, thought] of events) {
          const event = fields(textEvent(text, count, thought));
          expect(interpretGeminiEvent(event)).toEqual(interpretInFull(event));
        }
      }),
    );
  });

  it('read every real stream as the full reading does', () => {
    for (const name of GEMINI_FIXTURES) {
      for (const event of parseSse(new TextEncoder().encode(wireBody(name, readFileSync(FIXTURES + name, 'utf8')))).events) expect([name, interpretGeminiEvent(event)]).toEqual([name, interpretInFull(event)]);
    }
  });
});
