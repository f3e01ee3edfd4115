// A Bedrock ConverseStream recording served by the replay (issue 32): on the wire, its reads byte
// for byte under its recorded content-type (application/vnd.amazon.eventstream), found by the
// model in its path and its messages; and the faults in Bedrock's terms, each shown by what the
// analysis of the served bytes finds — a cut inside a frame (frame-truncated), a frame whose CRC
// no longer holds (frame-crc-mismatch), messageStop dropped (missing-message-stop, every frame
// still whole), the metadata usage and the stopReason nulled in frames written again whose CRCs hold,
// an exception frame after frame N (stream-exception).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from '../../electron/backend/replay/index.ts';
import type { ReplayServer } from '../../electron/backend/replay/index.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { parseEventStream } from '../framing/aws-eventstream/parser.ts';
import type { Recording } from '../recording/types.ts';
import type { ReplayFaults } from './faults.ts';
import { planReplay } from './plan.ts';

const BIN = fileURLToPath(new URL('../test/fixtures/bedrock/converse-claude35sonnet-text-then-tool-use.bin', import.meta.url));
const BODY = new Uint8Array(readFileSync(BIN));
const MODEL = 'anthropic.claude-3-5-sonnet-20240620-v1:0';
const MESSAGES = [{ role: 'user', content: [{ text: 'What is the weather in San Francisco, and the time?' }] }];
const CONTENT_TYPE = 'application/vnd.amazon.eventstream';
/** The body in five reads that cut frames where they fall, 10 ms apart. */
const cuts = [0, 150, 700, 1500, 2600, BODY.length];
const recording: Recording = {
  source: 'live',
  startedAt: '2026-12-07T08:00:00.000Z',
  request: { method: 'POST', url: `https://bedrock-runtime.us-east-1.amazonaws.com/model/${encodeURIComponent(MODEL)}/converse-stream`, headers: {}, body: { messages: MESSAGES } },
  response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': CONTENT_TYPE, 'x-amzn-requestid': 'r-1' } },
  reads: cuts.slice(1).map((end, i) => ({ t: 10 + 10 * i, bytes: BODY.slice(cuts[i], end) })),
  end: { t: 70, outcome: 'eof' },
};

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ sources: [{ label: 'bedrock', recording }], speed: 0 });
});
afterAll(() => server.close());

/** What the replay serves with these faults, as a recording the analysis reads. */
function served(faults: ReplayFaults): { readonly recording: Recording; readonly applied: readonly string[] } {
  const plan = planReplay(recording, { speed: 0, faults });
  const headers = Object.fromEntries(plan.headers);
  return {
    recording: { ...recording, response: { t: 0, status: plan.status!, httpVersion: '1.1', headers }, reads: plan.writes.map((write) => ({ t: write.at, bytes: write.bytes })), end: { t: plan.end.at, outcome: plan.end.how === 'end' ? 'eof' : 'error' } },
    applied: plan.applied,
  };
}
const codes = (faults: ReplayFaults) => analyzeRecording(served(faults).recording).diagnostics.map((found) => found.code);

describe('a Bedrock ConverseStream recording in the replay', () => {
  it('is served on the wire byte for byte under its recorded content-type, found by the model in its path and its messages', async () => {
    const response = await fetch(`${server.baseUrl}/model/${encodeURIComponent(MODEL)}/converse-stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: MESSAGES }) });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, CONTENT_TYPE]);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(BODY))).toBe(true);
    const other = await fetch(`${server.baseUrl}/model/amazon.nova-micro-v1%3A0/converse-stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: MESSAGES }) });
    expect(other.status).toBe(404);
  });

  it('with no fault serves what was recorded, found clean', () => {
    expect(codes({})).toEqual([]);
    expect(Buffer.concat(served({}).recording.reads.map((read) => read.bytes)).equals(Buffer.from(BODY))).toBe(true);
  });

  it('cut inside a frame: the body ends in it (frame-truncated), no messageStop', () => {
    const frames = parseEventStream(BODY).messages;
    const inside = frames[10]!.start + 7;
    expect(codes({ cutAfterByte: inside })).toEqual(['connection-error', 'frame-truncated', 'missing-message-stop', 'usage-missing']);
  });

  it('cut after an event: after frame N, on a frame boundary, no frame cut short', () => {
    const { recording: sent } = served({ cutAfterEvent: 10 });
    expect(Buffer.concat(sent.reads.map((read) => read.bytes)).length).toBe(parseEventStream(BODY).messages[10]!.end);
    expect(codes({ cutAfterEvent: 10 })).toEqual(['connection-error', 'missing-message-stop', 'usage-missing']);
  });

  it("a corrupted event is its frame with its message CRC flipped (frame-crc-mismatch), every other byte as recorded", () => {
    const { recording: sent, applied } = served({ corruptEvent: 3 });
    expect(applied).toEqual(['corrupted event 3 (its message CRC flipped)']);
    const body = Buffer.concat(sent.reads.map((read) => read.bytes));
    expect(body.length).toBe(BODY.length);
    expect([...body].filter((byte, at) => byte !== BODY[at]).length).toBe(1);
    expect(codes({ corruptEvent: 3 })).toEqual(['frame-crc-mismatch']);
  });

  it('drop the end leaves messageStop out, every frame whole', () => {
    const { applied } = served({ dropDone: true });
    expect(applied).toEqual(['dropped messageStop (event 25)']);
    expect(codes({ dropDone: true })).toEqual(['missing-message-stop']);
  });

  it('an error after event N is an exception frame after frame N, whose CRCs hold, then a clean end: stream-exception', async () => {
    const frames = parseEventStream(BODY).messages;
    const { recording: sent, applied } = served({ errorAfterEvent: 10 });
    const body = Buffer.concat(sent.reads.map((read) => read.bytes));
    expect(body.subarray(0, frames[10]!.end).equals(Buffer.from(BODY.subarray(0, frames[10]!.end)))).toBe(true);
    const exception = parseEventStream(body.subarray(frames[10]!.end)).messages;
    expect(exception.map((frame) => [frame.headers.map((header) => [header.name, header.value]), frame.data, frame.messageCrc === frame.computedMessageCrc])).toEqual([
      [[[':exception-type', 'modelStreamErrorException'], [':content-type', 'application/json'], [':message-type', 'exception']], '{"message":"Streamscope replay: an error after event 10 (the error-after-event fault)."}', true],
    ]);
    expect(applied).toEqual([`error after event 10 (byte ${frames[10]!.end}, ${body.length - frames[10]!.end} bytes)`]);
    expect([sent.end!.outcome, codes({ errorAfterEvent: 10 })]).toEqual(['eof', ['stream-exception', 'missing-message-stop', 'usage-missing']]);
    const faulty = await startReplayServer({ sources: [{ label: 'bedrock', recording }], speed: 0, faults: { errorAfterEvent: 10 } });
    try {
      const response = await fetch(`${faulty.baseUrl}/model/${encodeURIComponent(MODEL)}/converse-stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: MESSAGES }) });
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    } finally {
      await faulty.close();
    }
  });

  it('drop usage and drop finish null them in frames written again, whose lengths and CRCs hold', () => {
    const { recording: sent, applied } = served({ dropUsage: true, dropFinish: true });
    expect(applied).toEqual(['metadata usage set to null (event 26)', 'stopReason set to null (event 25)']);
    const frames = parseEventStream(sent.reads.map((read) => read.bytes));
    expect(frames.messages.every((frame) => frame.preludeCrc === frame.computedPreludeCrc && frame.messageCrc === frame.computedMessageCrc)).toBe(true);
    expect(frames.messages.slice(25).map((frame) => JSON.parse(frame.data!) as unknown)).toEqual([
      { p: expect.any(String) as unknown, stopReason: null },
      { metrics: { latencyMs: 3504 }, p: expect.any(String) as unknown, usage: null },
    ]);
    const analysis = analyzeRecording(sent);
    expect([(analysis.final as { stopReason: unknown }).stopReason, analysis.usage]).toEqual([null, null]);
    expect(analysis.diagnostics.map((found) => found.code)).toContain('usage-missing');
  });
});
