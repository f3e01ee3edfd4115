// The error-after-event fault in every registered dialect, over a real recording of each: the
// bytes before the error are the recording's up to event N's last byte, byte for byte, however
// the recording was split into reads; then the error the dialect's server sends mid-stream, in a
// write of its own, in the recording's line endings; then a clean end. The analysis of what is
// sent reports that error as the dialect's stream error, at event N + 1.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { REGISTERED_DIALECTS } from '../dialects/registry.ts';
import type { Protocol } from '../dialects/types.ts';
import { concatBytes } from '../formats/bytes.ts';
import { framingOf } from '../framing/registry.ts';
import type { FramedMessage, FramingName } from '../framing/types.ts';
import type { Recording } from '../recording/types.ts';
import { describeFaults } from './faults.ts';
import { planReplay } from './plan.ts';

const fixture = (path: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../test/fixtures/${path}`, import.meta.url))));

/**
 * A real stream of each dialect, asked at its dialect's path (the compiler asks a new dialect for
 * one). Gemini's error tail is no event (no `data:` line): its finding names none, as for the simulator's.
 */
const REAL: Readonly<Record<Protocol, { readonly file: string; readonly url: string; readonly contentType: string; readonly code: string; readonly lineEnd: string; readonly tailIsEvent: boolean }>> = {
  'chat-completions': { file: 'real-streams/openai-gpt4o-length-truncated.sse', url: 'https://api.openai.com/v1/chat/completions', contentType: 'text/event-stream; charset=utf-8', code: 'stream-error', lineEnd: '\n', tailIsEvent: true },
  responses: { file: 'dialects/responses/openai-gpt41nano-text-obfuscation.sse', url: 'https://api.openai.com/v1/responses', contentType: 'text/event-stream; charset=utf-8', code: 'stream-error', lineEnd: '\n', tailIsEvent: true },
  'anthropic-messages': { file: 'dialects/messages/anthropic-haiku45-stop-sequence.sse', url: 'https://api.anthropic.com/v1/messages', contentType: 'text/event-stream; charset=utf-8', code: 'stream-error', lineEnd: '\n', tailIsEvent: true },
  gemini: { file: 'gemini/gemini25flash-text-thoughts-counted.sse', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', contentType: 'text/event-stream', code: 'stream-error', lineEnd: '\r\n', tailIsEvent: false },
  'bedrock-converse': { file: 'bedrock/converse-claude35sonnet-text-then-tool-use.bin', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse-stream', contentType: 'application/vnd.amazon.eventstream', code: 'stream-exception', lineEnd: '', tailIsEvent: true },
};

const AFTER = 1;

/** The body in reads of `size` bytes, 10 ms apart. */
function recordingOf(protocol: Protocol, body: Uint8Array, size: number): Recording {
  const real = REAL[protocol];
  const reads = [];
  for (let at = 0; at < body.length; at += size) reads.push({ t: 10 + reads.length * 10, bytes: body.slice(at, at + size) });
  return {
    source: 'live',
    startedAt: '2026-12-07T08:00:00.000Z',
    request: { method: 'POST', url: real.url, headers: {}, body: {} },
    response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': real.contentType } },
    reads,
    end: { t: 10 + reads.length * 10 + 50, outcome: 'eof' },
  };
}

function eventsOf(recording: Recording, framing: FramingName): FramedMessage[] {
  const events: FramedMessage[] = [];
  const parser = framingOf(framing).parse({ onEvent: (event) => void events.push(event) });
  for (const read of recording.reads) parser.feed(read.bytes);
  parser.end();
  return events;
}

describe.each(REGISTERED_DIALECTS.map((dialect) => [dialect.protocol]))('error after event N in %s', (protocol) => {
  const real = REAL[protocol];
  const body = fixture(real.file);

  it.each([7, 64, 1_000_000])("sends the recording byte for byte to event N's end, the dialect's error in a write of its own, and ends cleanly (reads of %i bytes)", (size) => {
    const recording = recordingOf(protocol, body, size);
    const analysis = analyzeRecording(recording);
    expect(analysis.protocol).toBe(protocol);
    const events = eventsOf(recording, analysis.framing);
    const end = events[AFTER]!.end;
    const plan = planReplay(recording, { speed: 0, faults: { errorAfterEvent: AFTER } });
    const sent = concatBytes(plan.writes.map((write) => write.bytes));
    expect(Buffer.from(sent.subarray(0, end)).equals(Buffer.from(body.subarray(0, end)))).toBe(true);
    const error = plan.writes[plan.writes.length - 1]!.bytes;
    expect(sent.length).toBe(end + error.length);
    expect(plan.end.how).toBe('end');
    expect(plan.applied).toEqual([`error after event ${AFTER} (byte ${end}, ${error.length} bytes)`]);
    if (real.lineEnd !== '') expect(new TextDecoder().decode(error).endsWith(real.lineEnd) && !new TextDecoder().decode(error).replaceAll('\r\n', '').includes(real.lineEnd === '\r\n' ? '\n' : '\r')).toBe(true);
  });

  it("is what the analysis of the sent bytes reports as the stream error, at event N + 1 (Gemini's tail: no event)", () => {
    const recording = recordingOf(protocol, body, 64);
    const plan = planReplay(recording, { speed: 0, faults: { errorAfterEvent: AFTER } });
    const served: Recording = { ...recording, reads: plan.writes.map((write, i) => ({ t: 10 + i, bytes: write.bytes })), end: { t: 10 + plan.writes.length, outcome: 'eof' } };
    const errors = analyzeRecording(served).diagnostics.filter((found) => found.code === real.code);
    expect(errors.map((found) => [found.code, found.events])).toEqual([[real.code, real.tailIsEvent ? [AFTER + 1] : []]]);
    expect(errors[0]!.message).toContain(`Streamscope replay: an error after event ${AFTER} (the error-after-event fault).`);
  });
});

describe('error after event N, beside the other faults', () => {
  const recording = recordingOf('anthropic-messages', fixture(REAL['anthropic-messages'].file), 64);

  it('is named as the command line names it', () => {
    expect(describeFaults({ errorAfterEvent: 7 })).toEqual(['error after event 7']);
  });

  it('past the last event, goes after the last event and says so', () => {
    const events = eventsOf(recording, 'sse');
    const plan = planReplay(recording, { speed: 0, faults: { errorAfterEvent: 999 } });
    expect(plan.applied[0]).toMatch(new RegExp(`^error after event 999: no such event \\(the recording has ${events.length}\\), written after the last \\(byte ${events[events.length - 1]!.end}, \\d+ bytes\\)$`));
  });

  it("in Gemini's JSON array (no alt=sse) does nothing and says so: what Google sends there is not known", () => {
    const body = fixture('gemini/gemini3flash-json-array-function-call-signature.array-stream.json');
    const array: Recording = { ...recordingOf('gemini', body, 64), request: { method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-3-flash-preview:streamGenerateContent', headers: {}, body: {} }, response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/json; charset=UTF-8' } } };
    expect(analyzeRecording(array).framing).toBe('json-array');
    const plan = planReplay(array, { speed: 0, faults: { errorAfterEvent: 0 } });
    expect(plan.applied).toEqual(['error after event 0: the dialect sends no mid-stream error in a json-array body']);
    expect(Buffer.from(concatBytes(plan.writes.map((write) => write.bytes))).equals(Buffer.from(body))).toBe(true);
  });

  it('is refused as a negative event number', () => {
    expect(() => planReplay(recording, { faults: { errorAfterEvent: -1 } })).toThrow(new RangeError('errorAfterEvent must be an integer, 0 or more, not -1'));
  });
});
