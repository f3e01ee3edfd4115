import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { concatBytes, toBase64 } from '../formats/bytes.ts';
import { parseHar } from '../formats/har.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';
import { realStreams, timed, untimed } from '../test/streams.ts';
import { harExporter, harLog } from './har.ts';

// har-validator checks a log against the HAR 1.2 JSON schema (har-schema); it ships no types.
const { har: validateHar } = createRequire(import.meta.url)('har-validator') as { har(data: unknown): Promise<unknown> };

const request = { method: 'POST', url: 'https://api.openai.com/v1/chat/completions?api-version=1&x=a%20b', headers: { 'content-type': 'application/json' }, body: { model: 'gpt-4o', stream: true } };

interface Entry {
  startedDateTime: string;
  time: number;
  request: { queryString: unknown[]; postData?: { text: string } };
  response: { status: number; content: { size: number; text: string; encoding?: string; mimeType: string } };
  timings: { wait: number; receive: number };
  _eventSourceMessages: { time: number; eventName: string; eventId: string; data: string }[];
}
const entryOf = (recording: Recording): Entry => (JSON.parse(harExporter.export(recording) as string) as { log: { entries: Entry[] } }).log.entries[0]!;

describe('HAR export', () => {
  it.each(realStreams().map((stream) => [stream.name, stream.bytes] as const))('%s: is valid HAR 1.2 and reads back to the same body', async (_, body) => {
    const recording = timed([
      [12.5, body.subarray(0, 100)],
      [40.25, body.subarray(100)],
    ], { request });
    const log = harLog(recording);
    await expect(validateHar(log)).resolves.toBeTruthy();
    const back = parseHar(JSON.stringify(log));
    expect(back.ok && Buffer.from(concatBytes(back.value[0]!.recording.reads.map((read) => read.bytes))).equals(Buffer.from(body))).toBe(true);
  });

  it('keeps every SSE message with its arrival time in _eventSourceMessages, as Chrome DevTools shapes them, the last event ID carried over', () => {
    const recording = timed(
      [
        [100, 'event: ping\nid: 7\ndata: {"a":'],
        [150.5, '1}\n\n: keep-alive\n\ndata: [DONE]\n\n'],
      ],
      { request },
    );
    const entry = entryOf(recording);
    const start = Date.parse('2026-11-30T08:00:00.000Z') / 1000;
    expect(entry._eventSourceMessages).toEqual([
      { time: start + 0.1505, eventName: 'ping', eventId: '7', data: '{"a":1}' },
      { time: start + 0.1505, eventName: 'message', eventId: '7', data: '[DONE]' },
    ]);
    expect(entry._eventSourceMessages.map((message) => message.data)).toEqual(parseSse(recording.reads.map((read) => read.bytes)).events.flatMap((event) => (event.data === null ? [] : [event.data])));
    expect(entry.startedDateTime).toBe('2026-11-30T08:00:00.000Z');
    expect(entry.timings).toMatchObject({ wait: 100, receive: 50.5 });
    expect(entry.request.queryString).toEqual([
      { name: 'api-version', value: '1' },
      { name: 'x', value: 'a%20b' },
    ]);
  });

  it('gives each message the type, last event ID and data an EventSource dispatches, and leaves out events it does not dispatch', () => {
    const recording = timed([[5, 'id: 1\nevent:\ndata: a\n\n: keep-alive\n\nevent: lost\nid: 2\n\ndata: b\ndata:\n\nid\ndata: c\n\nid: x\0y\ndata: d\n\ndata: cut']]);
    expect(entryOf(recording)._eventSourceMessages.map(({ eventName, eventId, data }) => ({ eventName, eventId, data }))).toEqual([
      { eventName: 'message', eventId: '1', data: 'a' },
      { eventName: 'message', eventId: '2', data: 'b\n' },
      { eventName: 'message', eventId: '', data: 'c' },
      { eventName: 'message', eventId: '', data: 'd' },
    ]);
  });

  it('times a message by the read holding the CR that ended it, as a browser dispatches it there, not by the LF the next read brought', () => {
    const recording = timed([
      [10, 'data: a\r\n\r'],
      [20, '\ndata: b\r\n\r\n'],
    ]);
    const start = Date.parse('2026-11-30T08:00:00.000Z') / 1000;
    expect(entryOf(recording)._eventSourceMessages.map(({ time, data }) => ({ time, data }))).toEqual([
      { time: start + 0.01, data: 'a' },
      { time: start + 0.02, data: 'b' },
    ]);
  });

  it("writes a Bedrock body of event-stream frames as base64 under its own media type, with no EventSource messages, and reads the same bytes back", async () => {
    const body = new Uint8Array(readFileSync(new URL('../test/fixtures/bedrock/converse-claude35sonnet-text.bin', import.meta.url)));
    const recording = timed(
      [
        [12.5, body.subarray(0, 150)],
        [40.25, body.subarray(150)],
      ],
      {
        request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', headers: {}, body: { messages: [] } },
        response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
      },
    );
    const entry = entryOf(recording);
    expect(entry.response.content).toEqual({ size: body.length, mimeType: 'application/vnd.amazon.eventstream', text: toBase64(body), encoding: 'base64' });
    expect(entry._eventSourceMessages).toEqual([]);
    const log = harLog(recording);
    await expect(validateHar(log)).resolves.toBeTruthy();
    const back = parseHar(JSON.stringify(log));
    expect(back.ok && Buffer.from(concatBytes(back.value[0]!.recording.reads.map((read) => read.bytes))).equals(Buffer.from(body))).toBe(true);
  });

  it('writes a body that is not UTF-8 as base64, and an untimed recording without a request still validates', async () => {
    const bytes = new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0x0a, 0x0a]);
    const entry = entryOf(untimed(bytes));
    expect(entry.response.content).toEqual({ size: 9, mimeType: 'text/event-stream', text: toBase64(bytes), encoding: 'base64' });
    await expect(validateHar(harLog(untimed(bytes)))).resolves.toBeTruthy();
  });
});
