// A Bedrock frame beside its decoded event, read again from the recording's bytes: real frames
// (shared/test/fixtures/bedrock) fed whole, split at random and byte by byte, a frame encoded by
// the AWS SDK's own encoder with every header type, a corrupted CRC, and an exception frame.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../../shared/analysis/analyze.ts';
import { concat, converseStreamBody, eventFrame, everyHeaderType, exceptionFrame, frame } from '../../../../shared/framing/aws-eventstream/frames.test-support.ts';
import { byteByByte, splitAt, timed } from '../../../../shared/test/streams.ts';
import { framingView } from '../registry.ts';
import { frameOf } from './frame.ts';

const FIXTURES = new URL('../../../../shared/test/fixtures/bedrock/', import.meta.url);
const fixture = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, FIXTURES)));

/** A ConverseStream recording of these reads, as the recorder keeps one. */
function analysed(reads: readonly Uint8Array[]): Analysis {
  return analyzeRecording(
    timed(
      reads.map((read, i) => [10 + i, read]),
      {
        request: { method: 'POST', url: '/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream', headers: {}, body: {} },
        response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
      },
    ),
  );
}

const framesOf = (analysis: Analysis) => analysis.events.map((event) => frameOf(analysis.reads, analysis.recording.reads, event.sse));

describe('a frame beside its event', () => {
  const body = fixture('converse-claude-sonnet4-reasoning-signature.bin');

  it('shows the prelude, the three headers Bedrock sends, the padded payload and both CRCs holding', () => {
    const analysis = analysed([body]);
    expect(analysis.framing).toBe('aws-eventstream');
    const first = framesOf(analysis)[0]!;
    const length = (body[0]! << 24) | (body[1]! << 16) | (body[2]! << 8) | body[3]!;
    // Each header: its name's length (1), name, type tag (1), value length (2), value — 27 + 33 + 22.
    expect(first).toMatchObject({ start: 0, end: length, totalLength: length, headersLength: 82, headerError: null, payloadHex: null });
    expect(first.headers).toEqual([
      { name: ':event-type', type: 'string (7)', value: 'messageStart' },
      { name: ':content-type', type: 'string (7)', value: 'application/json' },
      { name: ':message-type', type: 'string (7)', value: 'event' },
    ]);
    expect(JSON.parse(first.payloadText!)).toMatchObject({ role: 'assistant' });
    expect(first.payloadLength).toBe(length - 16 - 82);
    expect(first.preludeCrc.holds).toBe(true);
    expect(first.preludeCrc.stated).toMatch(/^0x[0-9a-f]{8}$/);
    expect(first.preludeCrc.computed).toBe(first.preludeCrc.stated);
    const stated = (at: number): string => `0x${[...body.subarray(at, at + 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    expect(first.preludeCrc.stated).toBe(stated(8));
    expect(first.messageCrc).toEqual({ stated: stated(length - 4), computed: stated(length - 4), holds: true });
  });

  it('reads every frame alike whether the body came whole, split at random or byte by byte', () => {
    const whole = framesOf(analysed([body]));
    expect(whole).toHaveLength(25);
    expect(whole.every((shown) => shown !== null && shown.preludeCrc.holds && shown.messageCrc.holds)).toBe(true);
    expect(framesOf(analysed(byteByByte(body)))).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), (cuts) => {
        expect(framesOf(analysed(splitAt(body, cuts)))).toEqual(whole);
      }),
      { numRuns: 25 },
    );
  });

  it('says a message CRC that does not hold, and what the bytes give', () => {
    const events = converseStreamBody();
    const broken = events[1]!.slice();
    const at = broken.length - 1;
    broken[at] = broken[at]! ^ 0xff;
    const alone = analysed([events[1]!]);
    const good = frameOf(alone.reads, alone.recording.reads, { start: 0, end: events[1]!.length })!;
    const analysis = analysed([events[0]!, broken, ...events.slice(2)]);
    const shown = framesOf(analysis)[1]!;
    expect(shown.preludeCrc.holds).toBe(true);
    expect(shown.messageCrc.holds).toBe(false);
    expect(shown.messageCrc.computed).toBe(good.messageCrc.stated);
    expect(shown.messageCrc.stated).not.toBe(shown.messageCrc.computed);
    expect(shown.start).toBe(events[0]!.length);
  });

  it('gives each header type its name, its tag and its value', () => {
    const bytes = frame(everyHeaderType, new Uint8Array([0xff, 0xfe, 0x00]));
    const alone = analysed([bytes]);
    const shown = frameOf(alone.reads, alone.recording.reads, { start: 0, end: bytes.length })!;
    expect(shown.headers).toEqual([
      { name: 'yes', type: 'boolean (0)', value: 'true' },
      { name: 'no', type: 'boolean (1)', value: 'false' },
      { name: 'byte', type: 'byte (2)', value: '-7' },
      { name: 'short', type: 'short (3)', value: '-1234' },
      { name: 'integer', type: 'integer (4)', value: '2000000000' },
      { name: 'long', type: 'long (5)', value: '-9007199254740991' },
      { name: 'binary', type: 'binary (6)', value: '00 01 fe ff' },
      { name: 'string', type: 'string (7)', value: 'héllo' },
      { name: 'timestamp', type: 'timestamp (8)', value: '1796653800123 (2026-12-07T14:30:00.123Z)' },
      { name: 'uuid', type: 'uuid (9)', value: '0123abcd-4567-89ef-0123-456789abcdef' },
    ]);
    expect(shown.payloadText).toBeNull();
    expect(shown.payloadHex).toBe('ff fe 00');
  });

  it('shows the frames of any dialect they carry: InvokeModel’s chunk frames of base64 Anthropic events alike', () => {
    const invoke = fixture('invoke-claude35sonnet-parallel-tool-use.bin');
    const analysis = analyzeRecording(
      timed([[10, invoke]], {
        request: { method: 'POST', url: '/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke-with-response-stream', headers: {}, body: {} },
        response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
      }),
    );
    expect(analysis.framing).toBe('aws-eventstream');
    const shown = framesOf(analysis);
    expect(shown).toHaveLength(28);
    expect(shown[0]).toMatchObject({ start: 0, end: 488, totalLength: 488, headersLength: 75, payloadLength: 397 });
    expect(shown[0]!.headers[0]).toEqual({ name: ':event-type', type: 'string (7)', value: 'chunk' });
    expect(JSON.parse(shown[0]!.payloadText!)).toHaveProperty('bytes');
    expect(shown.every((frame) => frame!.preludeCrc.holds && frame!.messageCrc.holds)).toBe(true);
  });

  it('is not shown when the recording no longer holds the bytes', () => {
    const analysis = analysed([body]);
    expect(frameOf(analysis.reads, [], analysis.events[0]!.sse)).toBeNull();
  });
});

describe('the inspector’s Frame section', () => {
  it('lists the prelude, the headers with their types, the payload and the CRCs in words', () => {
    const exception = exceptionFrame('modelStreamErrorException', { message: 'The model stream failed.' });
    const analysis = analysed([exception]);
    const markup = renderToStaticMarkup(createElement(framingView('aws-eventstream').Section, { event: analysis.events[0]!, analysis }));
    const text = markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    const shown = framesOf(analysis)[0]!;
    // The headers: 44 + 33 + 26 bytes (name length, name, tag, value length, value); the payload: its 38 bytes of JSON.
    expect(text).toBe(
      `Frame Bytes 0–${exception.length} of the body: a ${exception.length}-byte frame. total length ${exception.length} bytes headers length 103 bytes prelude CRC ${shown.preludeCrc.stated} (holds) ` +
        'Its 3 headers name type value :exception-type string (7) modelStreamErrorException :content-type string (7) application/json :message-type string (7) exception ' +
        `Its payload (38 bytes) {&quot;message&quot;:&quot;The model stream failed.&quot;} message CRC ${shown.messageCrc.stated} (holds)`,
    );
  });
});

describe('an event-stream row in the events table', () => {
  const view = framingView('aws-eventstream');

  it('marks each frame with its length, and an exception frame as one, with no header taken for an extension', () => {
    const start = eventFrame('messageStart', { role: 'assistant' });
    const exception = exceptionFrame('throttlingException', { message: 'Too many requests, please wait before trying again.' });
    const analysis = analysed([concat([start, exception])]);
    const [first, second] = analysis.events.map((event) => event.sse);
    expect(view.extensions(first!)).toEqual([]);
    expect(view.unknownFields(first!)).toEqual([]);
    expect(view.chips(first!)).toEqual([{ text: `${start.length} B`, title: 'The frame’s total length: prelude, headers, payload and CRCs', bad: false }]);
    expect(view.chips(second!)).toEqual([
      { text: ':message-type exception', title: 'An exception frame inside the 200: a client reading only events swallows it', bad: true },
      { text: `${exception.length} B`, title: 'The frame’s total length: prelude, headers, payload and CRCs', bad: false },
    ]);
    expect(analysis.events[1]!.interpretation.kind).toBe('error');
  });

  it('leaves SSE’s rows as they were: a field outside the standard is an extension, and no frame is marked', () => {
    const sse = framingView('sse');
    const analysis = analyzeRecording(timed([[1, 'error: {"message":"context too long"}\n\n']]));
    expect(sse.extensions(analysis.events[0]!.sse)).toEqual(['error:']);
    expect(sse.chips(analysis.events[0]!.sse)).toEqual([]);
  });
});
