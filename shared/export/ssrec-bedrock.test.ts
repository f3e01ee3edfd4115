// A Bedrock recording exported as `.ssrec.jsonl` and imported back: the body's event-stream bytes
// (binary, so base64 lines), every read's time and the analysis come back as they were, for a real
// ConverseStream (shared/test/fixtures/bedrock) and for one a throttlingException frame ends.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { readRecordingFile } from '../formats/detect.ts';
import { exceptionFrame } from '../framing/aws-eventstream/frames.test-support.ts';
import type { Recording } from '../recording/types.ts';
import { timed } from '../test/streams.ts';
import { ssrecExporter } from './ssrec.ts';

const body = new Uint8Array(readFileSync(new URL('../test/fixtures/bedrock/converse-claude35sonnet-text.bin', import.meta.url)));
const throttling = exceptionFrame('throttlingException', { message: 'Too many requests, please wait before trying again.' });

/** A ConverseStream recording of these reads at these times, as the recorder keeps one. */
const recordingOf = (reads: [number, Uint8Array][]): Recording =>
  timed(reads, {
    request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', headers: {}, body: { messages: [{ role: 'user', content: [{ text: 'Hi' }] }] } },
    response: { t: 4.75, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
  });

function roundTrip(recording: Recording): Recording {
  const file = ssrecExporter.export(recording, {}) as string;
  const back = readRecordingFile('bedrock.ssrec.jsonl', new TextEncoder().encode(file));
  if (!back.ok) throw new Error(JSON.stringify(back));
  return back.value;
}

describe('a Bedrock recording through .ssrec.jsonl and back', () => {
  it.each([
    // Cut inside the first frame's prelude, inside a payload, and on a frame boundary.
    ['a real ConverseStream', recordingOf([[12.5, body.subarray(0, 7)], [13.125, body.subarray(7, 400)], [40.25, body.subarray(400)]])],
    ['one a throttlingException frame ends', recordingOf([[12.5, body.subarray(0, 1000)], [27, body.subarray(1000)], [31.5, throttling.subarray(0, 50)], [31.75, throttling.subarray(50)]])],
  ])('%s: the same bytes in the same reads at the same times, the same analysis', (_, recording) => {
    const back = roundTrip(recording);
    expect(back.reads.map((read) => read.t)).toEqual(recording.reads.map((read) => read.t));
    expect(back.reads.map((read) => Buffer.from(read.bytes).toString('hex'))).toEqual(recording.reads.map((read) => Buffer.from(read.bytes).toString('hex')));
    expect(back.response).toEqual(recording.response);
    expect(back.end).toEqual(recording.end);
    // The whole analysis but the recording it was made of (the recording's own fields are compared above).
    const { recording: _before, ...before } = analyzeRecording(recording);
    const { recording: _after, ...after } = analyzeRecording(back);
    expect(after.framing).toBe('aws-eventstream');
    expect(after.protocol).toBe('bedrock-converse');
    expect(after.events.length).toBeGreaterThan(10);
    expect(after).toEqual(before);
  });

  it('keeps the exception frame an exception after the trip: the stream-exception diagnostic on the last event', () => {
    const recording = recordingOf([[12.5, body], [31.5, throttling]]);
    const after = analyzeRecording(roundTrip(recording));
    const last = after.events.length - 1;
    expect(after.diagnostics.filter((diagnostic) => diagnostic.code === 'stream-exception').map((diagnostic) => diagnostic.events)).toEqual([[last]]);
  });
});
