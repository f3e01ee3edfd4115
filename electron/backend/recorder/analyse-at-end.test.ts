// A live recording analysed at its end from the store (analyseAtEnd, what the capture proxy's
// recording thread does): it holds neither its reads nor its events while it runs, and ends with
// the same analysis, the same recording and the same stored rows as one that held them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { toContract } from '../../../shared/analysis/contract.ts';
import type { RecordedRequest } from '../../../shared/index.ts';
import { byteByByte, realStream, splitAt } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { beginLiveRecording } from './live-recording.ts';

const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../shared/test/fixtures/dialects/${path}`, import.meta.url))));
const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';

const CASES: readonly { readonly name: string; readonly url: string; readonly body: Uint8Array }[] = [
  { name: 'a Chat Completions stream with tool calls', url: 'http://127.0.0.1:9/v1/chat/completions', body: realStream('openai-gpt4o-parallel-tool-calls.sse') },
  { name: 'a Chat Completions stream with usage', url: 'http://127.0.0.1:9/v1/chat/completions', body: realStream('openai-gpt4o-structured-text-usage.sse') },
  { name: 'an Anthropic stream with thinking', url: 'http://127.0.0.1:9/v1/messages', body: fixture('messages/anthropic-sonnet4-thinking-signature.sse') },
  // The key the request sent comes back in the body, cut across two reads: masked in both ways alike.
  { name: 'a stream echoing the key sent', url: 'http://127.0.0.1:9/v1/chat/completions', body: new TextEncoder().encode(`data: {"choices":[{"index":0,"delta":{"content":"your key is ${KEY}"}}]}\n\ndata: [DONE]\n\n`) },
];

function randomSplits(body: Uint8Array, seed: number): Uint8Array[] {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return splitAt(body, Array.from({ length: 12 }, () => Math.floor(next() * body.length)));
}

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function record(store: Store, url: string, reads: readonly Uint8Array[], analyseAtEnd: boolean, maxAnalysisBytes?: number) {
  const request: RecordedRequest = { method: 'POST', url, headers: {}, body: { stream: true } };
  const live = beginLiveRecording({ startedAt: '2026-12-07T12:00:00.000Z', request, secrets: [KEY], store, source: 'capture', analyseAtEnd, ...(maxAnalysisBytes === undefined ? {} : { maxAnalysisBytes }) });
  live.response({ t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } });
  // Each read a buffer of its own, changed after it was given: analysed at its end, nothing holds on to it.
  reads.forEach((bytes, i) => {
    const given = bytes.slice();
    live.read(2 + i, given);
    if (!live.keepsReads) given.fill(0x20);
  });
  const result = live.finish({ t: 3 + reads.length, outcome: 'eof' });
  const { id: _id, ...summary } = store.summary(result.id!)!;
  return {
    keepsReads: live.keepsReads,
    contract: JSON.stringify(toContract(result.analysis)),
    reads: result.recording.reads.map((read) => [read.t, [...read.bytes]]),
    summary,
    events: store.events(result.id!),
    stored: result.stored,
  };
}

describe('a live recording analysed at its end from the store', () => {
  for (const { name, url, body } of CASES) {
    it(`ends ${name} with the analysis, recording and rows of one held in memory, whole, split at random and byte by byte`, () => {
      const store = openStore(tempDbPath());
      stores.push(store);
      for (const reads of [[body], randomSplits(body, 7), randomSplits(body, 31), ...(body.length < 4000 ? [byteByByte(body)] : [])]) {
        const held = record(store, url, reads, false);
        const atEnd = record(store, url, reads, true);
        expect([held.keepsReads, atEnd.keepsReads]).toEqual([true, false]);
        expect(atEnd.contract).toBe(held.contract);
        expect(atEnd.reads).toEqual(held.reads);
        expect(atEnd.summary).toEqual(held.summary);
        expect(atEnd.events).toEqual(held.events);
        expect(atEnd.stored).toBe(true);
      }
    });
  }

  it('stops its analysis at the same byte bound, saying so the same way', () => {
    const store = openStore(tempDbPath());
    stores.push(store);
    const body = realStream('openai-gpt4o-structured-text-usage.sse');
    const reads = randomSplits(body, 5);
    const bound = Math.floor(body.length / 2);
    const held = record(store, 'http://127.0.0.1:9/v1/chat/completions', reads, false, bound);
    const atEnd = record(store, 'http://127.0.0.1:9/v1/chat/completions', reads, true, bound);
    expect(JSON.parse(atEnd.contract).diagnostics.map((found: { code: string }) => found.code)).toContain('analysis-limited');
    expect(atEnd.contract).toBe(held.contract);
    expect(atEnd.reads).toEqual(held.reads);
    expect(atEnd.summary).toEqual(held.summary);
  });

  it('holds its reads as before without a store: there is nothing to read them back from', () => {
    const request: RecordedRequest = { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: {}, body: null };
    const live = beginLiveRecording({ startedAt: '2026-12-07T12:00:00.000Z', request, secrets: [], analyseAtEnd: true });
    expect(live.keepsReads).toBe(true);
  });
});
