// The analysis chooses a body's framing before its first byte (fold.ts, framingFor;
// docs/architecture.md, "Framing"): the dialect's when the request path or --protocol tells it,
// else the response's content-type. A Bedrock body (AWS event-stream frames, a dialect not
// registered: read raw) then gets the event stream's own findings from diagnose, and the contract
// says how the body was framed.

import { describe, expect, it } from 'vitest';
import { concat, converseStreamBody } from '../framing/aws-eventstream/frames.test-support.ts';
import type { Recording } from '../recording/types.ts';
import { byteByByte, bytes } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { toContract } from './contract.ts';
import { framingFor } from './fold.ts';
import { createStreamAnalyzer } from './stream.ts';

const EVENT_STREAM = 'application/vnd.amazon.eventstream';

function recording(reads: readonly Uint8Array[], contentType: string | null, url: string | null = null): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: url === null ? null : { method: 'POST', url, headers: {}, body: null },
    response: contentType === null ? null : { t: 1, status: 200, httpVersion: '1.1', headers: { 'Content-Type': contentType } },
    reads: reads.map((part) => ({ t: null, bytes: part })),
    end: { t: null, outcome: 'eof' },
  };
}

const codes = (reads: readonly Uint8Array[], contentType: string | null) => analyzeRecording(recording(reads, contentType)).diagnostics.map((found) => found.code);

describe('choosing the framing', () => {
  it("takes the dialect's when it is known before the body, else the content-type's, else SSE", () => {
    expect(framingFor('chat-completions', EVENT_STREAM)).toBe('sse');
    expect(framingFor(null, `${EVENT_STREAM}; charset=binary`)).toBe('aws-eventstream');
    expect(framingFor(null, 'APPLICATION/VND.AMAZON.EVENTSTREAM')).toBe('aws-eventstream');
    expect(framingFor(null, 'text/event-stream')).toBe('sse');
    expect(framingFor(null, 'application/json')).toBe('sse');
    expect(framingFor(null, null)).toBe('sse');
  });

  it('reads an event-stream body as frames: each frame one event with its byte range, whole or byte by byte', () => {
    const frames = converseStreamBody();
    const body = concat(frames);
    for (const reads of [[body], byteByByte(body)]) {
      const analysis = analyzeRecording(recording(reads, EVENT_STREAM));
      expect(analysis.framing).toBe('aws-eventstream');
      expect(analysis.events.map((event) => [event.sse.event, event.sse.start, event.sse.end])).toEqual(
        frames.map((frame, i) => ['messageStart contentBlockDelta contentBlockDelta contentBlockStop messageStop metadata'.split(' ')[i], frames.slice(0, i).reduce((sum, f) => sum + f.length, 0), frames.slice(0, i + 1).reduce((sum, f) => sum + f.length, 0)]),
      );
      expect(analysis.diagnostics.map((found) => found.code)).toEqual([]);
      // Its frames are Bedrock ConverseStream's events: the dialect is told by them.
      expect(toContract(analysis)).toMatchObject({ protocol: 'bedrock-converse', framing: 'aws-eventstream', counts: { events: 6, reads: reads.length, bytes: body.length } });
    }
  });

  it("reports the event stream's own findings through diagnose: a frame whose CRC does not hold, a body that ends inside a frame", () => {
    const frames = converseStreamBody();
    const bad = frames[2]!.slice();
    bad[bad.length - 8]! ^= 1;
    const cut = concat([frames[0]!, frames[1]!, bad, frames[3]!.subarray(0, 20)]);
    // And the dialect's: the stream ended before messageStop and metadata.
    expect(codes([cut], EVENT_STREAM)).toEqual(['frame-crc-mismatch', 'frame-truncated', 'missing-message-stop', 'usage-missing']);
    expect(codes(byteByByte(cut), EVENT_STREAM)).toEqual(['frame-crc-mismatch', 'frame-truncated', 'missing-message-stop', 'usage-missing']);
  });

  it('reads a body as SSE when nothing names another framing, and says the content-type is not the framing its dialect streams', () => {
    const analysis = analyzeRecording(recording([bytes('data: {"a":1}\n\n')], 'text/event-stream'));
    expect([analysis.framing, toContract(analysis).framing]).toEqual(['sse', 'sse']);
    const frames = analyzeRecording(recording([concat(converseStreamBody())], 'text/event-stream'));
    expect(frames.framing).toBe('sse');
    const forced = analyzeRecording(recording([bytes('data: {"a":1}\n\n')], EVENT_STREAM, 'https://api.openai.com/v1/chat/completions'));
    expect(forced.framing).toBe('sse');
    expect(forced.diagnostics.find((found) => found.code === 'not-event-stream')?.message).toBe(`The response is ${EVENT_STREAM}, not text/event-stream.`);
  });

  it('lets a live analyzer learn the content-type from the head that comes before the first byte', () => {
    let head: string | null = null;
    const analyzer = createStreamAnalyzer({ contentType: () => head });
    head = EVENT_STREAM;
    for (const frame of converseStreamBody()) analyzer.feed(frame, null);
    expect([analyzer.framing, analyzer.end().stats.events]).toEqual(['aws-eventstream', 6]);
  });
});

describe('a bare body (a file, no response head)', () => {
  it('is read as event-stream frames when its first read starts with a prelude that holds, else as SSE', () => {
    const frames = converseStreamBody();
    const bare = (reads: readonly Uint8Array[]): Recording => ({ source: 'sse', startedAt: null, request: null, response: null, reads: reads.map((read) => ({ t: null, bytes: read })), end: null });
    expect([analyzeRecording(bare([concat(frames)])).framing, analyzeRecording(bare([concat(frames)])).protocol]).toEqual(['aws-eventstream', 'bedrock-converse']);
    // The prelude's CRC must hold: one bit off, and the body is no event stream's.
    const off = concat(frames);
    off[9]! ^= 1;
    expect(analyzeRecording(bare([off])).framing).toBe('sse');
    expect(analyzeRecording(bare([bytes('data: {"a":1}\n\n')])).framing).toBe('sse');
    // Told by the first read alone, before the body goes on: a first read shorter than a prelude is SSE's.
    expect(analyzeRecording(bare([concat(frames).subarray(0, 11), concat(frames).subarray(11)])).framing).toBe('sse');
  });
});
