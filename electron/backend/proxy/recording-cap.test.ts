// A recording's size cap (issue 27: an endless upstream filled 3.35 GB in 15 s): past it the relay
// goes on untouched, the recording keeps the body's first bytes, the read that crosses the cap cut
// there, and its end says how much it dropped.

import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeChunk } from '../http/write-chunk.ts';
import { bodyOf, rawRequest, startTestProxy, startUpstream } from './test-support.ts';

const CAP = 64 * 1024;
/** OpenAI's chunk, 1,000 bytes an event, so that the cap falls inside one: the read that crosses it is cut. */
const event = (index: number) => {
  const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{${index === 0 ? '"role":"assistant",' : ''}"content":"${String(index).padStart(6, '0')}`;
  const tail = '"},"finish_reason":null}]}\n\n';
  return head + 'x'.repeat(1000 - head.length - tail.length) + tail;
};
const EVENTS = 300;

describe('a recording past its size cap', () => {
  it('relays every byte to the client, keeps exactly the first 64 KiB, and ends truncated with a recording-truncated note and no claim about the stream', async () => {
    expect(event(0).length).toBe(1000);
    const upstream = await startUpstream((req, res: ServerResponse) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let index = 0; index < EVENTS; index++) writeChunk(res, event(index));
      res.end('data: [DONE]\n\n');
    });
    const capture = await startTestProxy(upstream.url, { maxRecordingBytes: CAP });
    try {
      const sent = Array.from({ length: EVENTS }, (_, index) => event(index)).join('') + 'data: [DONE]\n\n';
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { body: { model: 'm', stream: true } });
      expect(answer.body.toString()).toBe(sent);

      const exchange = await ended;
      expect(exchange.outcome).toBe('eof');
      // The cut falls inside an event and before [DONE]: neither is said of the stream (the upstream
      // writing it all at once may show as buffered-delivery, which the cut does not touch).
      expect(exchange.findings).toMatchObject({ errors: 0, warnings: exchange.findings.codes.includes('buffered-delivery') ? 1 : 0 });
      expect(exchange.findings.codes.filter((code) => code !== 'buffered-delivery')).toEqual(['recording-truncated']);
      const stored = capture.recording(exchange);
      expect(bodyOf(stored).toString()).toBe(sent.slice(0, CAP));
      expect(stored.end).toEqual({ t: stored.end!.t, outcome: 'eof', truncated: { atBytes: CAP, droppedBytes: sent.length - CAP, cause: 'size-cap' } });
      expect(stored.summary).toMatchObject({ bytes: CAP, codes: exchange.findings.codes });
    } finally {
      await capture.close();
      await upstream.close();
    }
  });

  it('leaves a recording that fits the cap whole, with no truncation', async () => {
    const upstream = await startUpstream((req, res: ServerResponse) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: [DONE]\n\n');
    });
    const capture = await startTestProxy(upstream.url, { maxRecordingBytes: 14 });
    try {
      const ended = capture.nextEnd();
      await rawRequest(`${capture.base}/v1/chat/completions`, { body: { model: 'm', stream: true } });
      const stored = capture.recording(await ended);
      expect([bodyOf(stored).toString(), stored.end!.outcome, 'truncated' in stored.end!]).toEqual(['data: [DONE]\n\n', 'eof', false]);
    } finally {
      await capture.close();
      await upstream.close();
    }
  });
});
