import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBatch } from '../../../shared/api/contract.ts';
import { createStreamAnalyzer } from '../../../shared/index.ts';
import type { AnalyzedEvent } from '../../../shared/index.ts';
import { cleanBody, stored, utf8 } from '../store/test-support.ts';
import { createLiveBatcher } from './live-batch.ts';

/** The reads of a clean stream, one event each, and the events the core makes of them. */
function stream(words: number): { reads: Uint8Array[]; events: AnalyzedEvent[] } {
  const text = cleanBody(Array.from({ length: words }, (_, i) => ` w${i}`));
  const reads = text.split(/(?<=\n\n)/).map(utf8);
  const analyzer = createStreamAnalyzer();
  reads.forEach((bytes, i) => analyzer.feed(bytes, i * 0.2));
  return { reads, events: [...analyzer.events] };
}

describe('live batches', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('gathers 5,000 events a second into one push per 30 ms, in order, nothing lost', () => {
    const { reads, events } = stream(5000);
    const batches: LiveBatch[] = [];
    const batcher = createLiveBatcher(3, (batch) => batches.push(batch));
    batcher.response({ t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } });
    // One read and its event every 0.2 ms: 5,000 a second.
    reads.forEach((bytes, i) => {
      batcher.read(i * 0.2, bytes);
      batcher.event(events[i]!);
      if (i % 5 === 4) vi.advanceTimersByTime(1);
    });
    batcher.flush();

    expect(reads.length).toBe(5003);
    expect(batches.length).toBe(Math.ceil(reads.length / 5 / 30));
    expect(batches.slice(0, -1).every((batch) => batch.events.length === 150)).toBe(true);
    expect(batches[0]!.response).toEqual({ t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } });
    expect(batches.slice(1).some((batch) => 'response' in batch)).toBe(false);
    expect(batches.flatMap((batch) => batch.events)).toEqual(events.map(stored));
    expect(batches.flatMap((batch) => batch.reads.map((read) => read.bytes))).toEqual(reads);
    expect(batches.map((batch) => batch.firstRead)).toEqual(batches.map((_, i) => i * 150));
  });

  it('pushes at once when a batch reaches its event or byte bound, without waiting for the timer', () => {
    const { reads, events } = stream(20);
    const batches: LiveBatch[] = [];
    const batcher = createLiveBatcher(1, (batch) => batches.push(batch), { maxEvents: 4, maxBytes: 1 << 20 });
    for (let i = 0; i < 10; i++) {
      batcher.read(i, reads[i]!);
      batcher.event(events[i]!);
    }
    expect(batches.map((batch) => batch.events.length)).toEqual([4, 4]);
    const bySize: LiveBatch[] = [];
    const small = createLiveBatcher(2, (batch) => bySize.push(batch), { maxBytes: 500 });
    // Each read is some 170 bytes: the third passes 500.
    expect(reads.slice(0, 5).map((bytes) => bytes.length >= 150 && bytes.length < 250)).toEqual([true, true, true, true, true]);
    reads.slice(0, 5).forEach((bytes, i) => small.read(i, bytes));
    expect(bySize.map((batch) => batch.reads.length)).toEqual([3]);
    vi.advanceTimersByTime(29);
    expect(bySize).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(bySize.map((batch) => batch.reads.length)).toEqual([3, 2]);
  });

  it('pushes nothing for nothing, and copies each read (the caller may reuse its buffer)', () => {
    const batches: LiveBatch[] = [];
    const batcher = createLiveBatcher(1, (batch) => batches.push(batch));
    batcher.flush();
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([]);
    const shared = new Uint8Array(64).fill(120);
    batcher.read(0, shared.subarray(0, 4));
    shared.fill(0);
    batcher.flush();
    expect(batches[0]!.reads[0]!.bytes).toEqual(new Uint8Array([120, 120, 120, 120]));
    expect(batches[0]!.reads[0]!.bytes.buffer.byteLength).toBe(4);
  });

  it('redacts the secret headers a server sent back in the response head', () => {
    const batches: LiveBatch[] = [];
    const batcher = createLiveBatcher(1, (batch) => batches.push(batch));
    batcher.response({ t: 1, status: 200, httpVersion: '1.1', headers: { 'x-echo-authorization': 'Bearer sk-proj-abcdefghijklmnopqrstuvwxyz1234', 'x-request-id': 'req_1' } });
    batcher.flush();
    expect(batches[0]!.response!.headers).toEqual({ 'x-echo-authorization': 'Bearer sk-proj-…1234', 'x-request-id': 'req_1' });
  });

  it('pushes events as plain objects, which IPC’s structured clone carries whole (an analysed event has getters)', () => {
    const { reads, events } = stream(1);
    const batches: LiveBatch[] = [];
    const batcher = createLiveBatcher(1, (batch) => batches.push(batch));
    batcher.read(0, reads[1]!);
    batcher.event(events[1]!);
    batcher.flush();
    const [event] = batches[0]!.events;
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(structuredClone(event)).toEqual(event);
    expect(event).toMatchObject({ index: 1, data: events[1]!.sse.data, t: 0.2 });
  });
});
