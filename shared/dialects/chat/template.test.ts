import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpretEvent } from './interpret.ts';
import { ChunkTemplate } from './template.ts';
import type { SseFields } from '../../framing/sse/parser.ts';

const event = (data: string, type: string | null = null): SseFields => ({ data, event: type, id: null, retry: null, comments: [], unknownFields: [] });

/** Chunks around a content string literal: OpenAI's shape, and shapes where that string is not, or not only, the content. */
const ENVELOPES: [string, string][] = [
  ['{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1770000000,"model":"m","choices":[{"index":0,"delta":{"content":', '},"logprobs":null,"finish_reason":null}]}'],
  ['{"id":"chatcmpl-1","choices":[{"index":1,"delta":{"content":', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"role":"assistant","content":', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":"first","content":', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', ',"content":"last"}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '}}],"choices":[{"index":0,"delta":{"content":"later"}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '}}],"x":{"content":"y"}}'],
  ['{"choices":[{"index":0,"delta":{"content":"a"},"logprobs":{"content":', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '},"logprobs":{"content":"same"}}]}'],
  ['{"choices":[{"index":0,"delta":{"content": ', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"content" : "same"},"logprobs":{"content":', '}}]}'],
  ['{"model":{"content":', '},"choices":[{"index":0,"delta":{"content" : "same"}}]}'],
  ['{"x_groq":{"id":"q"},"choices":[{"index":0,"delta":{"content":', ',"token_id":3}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '},"finish_reason":7}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '}}],"obfuscation":"abc"}'],
  ['{"choices":[{"index":0,"delta":{"content":', '}}],"obfuscation":"abcdef"}'],
  ['{"choices":[{"index":0,"delta":{"refusal":', '}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', ',"tool_calls":[{"index":0,"function":{"arguments":"{}"}}]}}]}'],
  ['{"choices":[{"index":0,"delta":{"content":', '}}],"usage":{"total_tokens":3}}'],
  ['[{"content":', '}]'],
];

/** String literals as they may stand there, JSON or not. */
const literalArb = fc.oneof(
  fc.string({ unit: 'grapheme' }).map((text) => JSON.stringify(text)),
  fc.string({ unit: 'binary' }).map((text) => JSON.stringify(text)),
  fc.constantFrom('""', '" "', '"same"', '"a\\"b"', '"a\\\\"', '"\\u00e9\\n"', '"a"b"', '"abc', '"abc\\"', '"a\nb"', '"tab\there"', '"x"', '123', 'null', '"\\ud800"'),
);

const streamArb = fc.array(
  fc.record({ envelope: fc.nat(ENVELOPES.length - 1), literal: literalArb, type: fc.constantFrom(null, null, null, 'error', 'delta') }),
  { minLength: 1, maxLength: 30 },
);

describe('a chunk interpreted from the template of the one before', () => {
  it('means exactly what interpretEvent makes of it, whatever the chunks around it', () => {
    fc.assert(
      fc.property(streamArb, (stream) => {
        const template = new ChunkTemplate();
        for (const { envelope, literal, type } of stream) {
          const [before, after] = ENVELOPES[envelope]!;
          const fields = event(before + literal + after, type);
          expect(template.interpret(fields)).toEqual(interpretEvent(fields));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('skips JSON.parse for OpenAI’s content chunks, and only there', () => {
    const [before, after] = ENVELOPES[0]!;
    const template = new ChunkTemplate();
    template.interpret(event(`${before}"Hello"${after}`));
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => (parsed++, parse(...args));
    try {
      expect(template.interpret(event(`${before}" world \\u00e9\\"q\\""${after}`)).ops).toEqual([{ type: 'text', choice: 0, channel: 'content', source: 'content', text: ' world é"q"' }]);
      expect(template.interpret(event(`${before}" plain"${after}`)).ops).toEqual([{ type: 'text', choice: 0, channel: 'content', source: 'content', text: ' plain' }]);
      expect(parsed).toBe(1);
      expect(template.interpret(event(`${before}""${after}`)).kind).toBe('empty');
      // Another model: parsed, and a new template learnt, with one parse more for its probe.
      expect(template.interpret(event(`${before.replace('"m"', '"n"')}"x"${after}`)).meta).toMatchObject({ model: 'n' });
      expect(parsed).toBe(4);
      expect(template.interpret(event(`${before.replace('"m"', '"n"')}"y"${after}`)).meta).toMatchObject({ model: 'n' });
      expect(parsed).toBe(4);
    } finally {
      JSON.parse = parse;
    }
  });
});
