// A ConverseStream delta frame read from a template (template.ts) reads exactly as it reads in
// full: the same kind, block index, piece, token bits and padding, whatever the piece (escapes,
// non-ASCII, quotes) and the padding; frames that are not one piece of text, reasoning or input (an
// empty piece, another member, an exception, another event type) are read in full.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventFrame, exceptionFrame } from '../../framing/aws-eventstream/frames.test-support.ts';
import { parseEventStream } from '../../framing/aws-eventstream/parser.ts';
import type { MessageFields } from '../../framing/types.ts';
import { interpretConverseEvent, interpretInFull } from './interpret.ts';
import { CONVERSE_BODIES } from './samples.test-support.ts';
import { fromTemplate } from './template.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/bedrock/', import.meta.url));

/** The frame's fields as the framing hands them on. */
const fields = (bytes: Uint8Array): MessageFields => parseEventStream(bytes).messages[0]!;
const text = (piece: string, p: string, index = 0) => fields(eventFrame('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece }, p }));
const reasoning = (piece: string, p: string) => fields(eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { reasoningContent: { text: piece } }, p }));
const input = (piece: string, p: string) => fields(eventFrame('contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: piece } }, p }));
const messageType = (event: MessageFields) => event.unknownFields.find((field) => field.name === ':message-type')?.value ?? null;
const templated = (event: MessageFields) => fromTemplate(event, messageType(event));

describe("Bedrock's delta templates", () => {
  it('read the next text frame of a long answer without JSON.parse, as it reads in full, its index and padding its own', () => {
    interpretConverseEvent(text('The', 'abcdefghij'));
    for (const next of [text(' quick "brown" \\ fox °', 'abc'), text('\n\t☃', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0'), text('x', 'ab', 3)]) {
      expect(templated(next)).toEqual(interpretInFull(next));
    }
  });

  it('read reasoning text and tool input the same way, each from its own template', () => {
    interpretConverseEvent(reasoning('Let me', 'abc'));
    interpretConverseEvent(input('{"ci', 'abcd'));
    expect(templated(reasoning(' think "it" over', 'abcdefg'))).toEqual(interpretInFull(reasoning(' think "it" over', 'abcdefg')));
    expect(templated(input('ty": "Par', 'ab'))).toEqual(interpretInFull(input('ty": "Par', 'ab')));
    expect(templated(input('ty": "Par', 'ab'))?.kind).toBe('tool');
  });

  it('leave an empty piece, another member, an exception or another event type to the full reading', () => {
    interpretConverseEvent(text('The', 'abc'));
    expect(templated(text('', 'abc'))).toBeNull();
    expect(templated(fields(eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x', citation: {} }, p: 'abc' })))).toBeNull();
    expect(templated(fields(exceptionFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' }, p: 'abc' })))).toBeNull();
    expect(templated(fields(eventFrame('contentBlockStart', { contentBlockIndex: 0, delta: { text: 'x' }, p: 'abc' })))).toBeNull();
    expect(templated(fields(eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' }, p: 7 })))).toBeNull();
  });

  it('read every frame of the real ConverseStream bodies as the full reading does', () => {
    for (const file of CONVERSE_BODIES) {
      for (const message of parseEventStream(new Uint8Array(readFileSync(FIXTURES + file))).messages) expect(interpretConverseEvent(message)).toEqual(interpretInFull(message));
    }
  });

  it('read any pieces, paddings and indices after any other as the full reading does', () => {
    const piece = fc.string({ unit: 'binary', maxLength: 12 });
    const frameOf = fc.oneof(
      fc.tuple(piece, fc.string({ maxLength: 8 }), fc.nat(3)).map(([p, pad, i]) => text(p, pad, i)),
      fc.tuple(piece, fc.string({ maxLength: 8 })).map(([p, pad]) => reasoning(p, pad)),
      fc.tuple(piece, fc.string({ maxLength: 8 })).map(([p, pad]) => input(p, pad)),
    );
    fc.assert(
      fc.property(fc.array(frameOf, { minLength: 1, maxLength: 20 }), (frames) => {
        for (const frame of frames) expect(interpretConverseEvent(frame)).toEqual(interpretInFull(frame));
      }),
    );
  });
});
