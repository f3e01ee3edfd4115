// Each fault's effect as a client sees it on the wire: the bytes received, in
// which chunks, whether the connection ended cleanly or was cut, and when.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, parseSse } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import type { ReplayFaults } from '../../../shared/replay/faults.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import { latin1, recordScenarios } from '../../../shared/test/replay-support.ts';
import { startReplayServer } from './server.ts';
import type { ReplayServer } from './server.ts';
import { wireRequest } from './test-client.ts';
import type { WireResponse } from './test-client.ts';

let text: Recording;
beforeAll(async () => {
  text = (await recordScenarios()).find(({ name }) => name === 'text')!.recording;
});
const servers: ReplayServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** Replays the text recording once with `faults`; returns what the client got, what was planned and what the server logged. */
async function replay(faults: ReplayFaults, speed = 0, recording: Recording = text) {
  const server = await startReplayServer({ sources: [{ label: 'text', recording }], speed, faults });
  servers.push(server);
  const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: JSON.stringify(recording.request?.body ?? {}) });
  await expect.poll(() => server.requests.length).toBe(1);
  return { wire, plan: planReplay(recording, { speed, faults }), log: server.requests[0]! };
}
const chunks = (wire: WireResponse): string[] => wire.chunks.map((chunk) => latin1(chunk.bytes));
const planned = (plan: ReturnType<typeof planReplay>): string[] => plan.writes.map((write) => latin1(write.bytes));
const bodyOf = (recording: Recording): Uint8Array => concatBytes(recording.reads.map((read) => read.bytes));

describe('faults on the wire', () => {
  it('cuts the connection right after event N: the client has the bytes up to it, then no terminating chunk', async () => {
    const events = parseSse(bodyOf(text)).events;
    const { wire, plan, log } = await replay({ cutAfterEvent: 5 });
    expect(latin1(wire.body)).toBe(latin1(bodyOf(text).subarray(0, events[5]!.end)));
    expect(chunks(wire)).toEqual(planned(plan));
    expect([wire.status, wire.ending]).toEqual([200, 'cut']);
    expect(log).toMatchObject({ outcome: 'cut', bytes: events[5]!.end, faults: [`cut after event 5 (byte ${events[5]!.end})`] });
  });

  it('cuts after byte N, mid-event', async () => {
    const { wire, log } = await replay({ cutAfterByte: 1000 });
    expect(latin1(wire.body)).toBe(latin1(bodyOf(text).subarray(0, 1000)));
    expect(wire.ending).toBe('cut');
    expect(log).toMatchObject({ outcome: 'cut', bytes: 1000 });
  });

  it('drops [DONE], the finish reason and the usage chunk, and corrupts an event, each ending cleanly with the planned bytes in the planned chunks', async () => {
    const faults: ReplayFaults[] = [{ dropDone: true }, { dropFinish: true }, { dropUsage: true }, { corruptEvent: 3 }, { dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 3 }];
    for (const fault of faults) {
      const { wire, plan, log } = await replay(fault);
      expect(chunks(wire), JSON.stringify(fault)).toEqual(planned(plan));
      expect(wire.ending).toBe('complete');
      expect(log).toMatchObject({ outcome: 'complete', faults: plan.applied });
    }
    const { wire } = await replay({ dropDone: true, dropUsage: true });
    expect(latin1(wire.body)).not.toContain('[DONE]');
    expect(latin1(wire.body)).not.toContain('"choices":[]');
  });

  it('stalls before event N: a silence of that length before its first byte, nothing else later', async () => {
    const { wire } = await replay({ stalls: [{ beforeEvent: 4, ms: 300 }] });
    const times = wire.chunks.map((chunk) => chunk.t);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[3]).toBeGreaterThanOrEqual(295);
    // Nothing else waits: every other gap is shorter than the stall (a loaded machine's own pauses included).
    expect(Math.max(...gaps.filter((_, i) => i !== 3))).toBeLessThan(295);
    expect(latin1(wire.body)).toBe(latin1(bodyOf(text)));
  });

  it('holds every byte until the recorded end, as a buffering proxy, then sends them at once', async () => {
    const { wire, plan } = await replay({ bufferAll: true }, 10);
    expect(wire.chunks).toHaveLength(1);
    expect(latin1(wire.body)).toBe(latin1(bodyOf(text)));
    expect(wire.chunks[0]!.t - wire.headersAt!).toBeGreaterThanOrEqual(plan.end.at - 5);
    expect(wire.ending).toBe('complete');
  });

  it('answers with the status and body given instead of the stream', async () => {
    const { wire, log } = await replay({ status: { code: 503, body: '{"error":{"message":"overloaded"}}' } });
    expect(wire.status).toBe(503);
    expect(wire.headers.filter(([name]) => name.startsWith('content-'))).toEqual([
      ['content-type', 'application/json'],
      ['content-length', '34'],
    ]);
    expect(latin1(wire.body)).toBe('{"error":{"message":"overloaded"}}');
    expect(log).toMatchObject({ status: 503, outcome: 'complete', bytes: 34, faults: ['answered HTTP 503 instead of the recording'] });
  });

  it('drops the connection unanswered, as recorded, when the recorded exchange got no response', async () => {
    const failed: Recording = { ...text, response: null, reads: [], end: { t: 2, outcome: 'error', error: 'connection refused (ECONNREFUSED)' } };
    const { wire, log } = await replay({}, 1, failed);
    expect([wire.status, wire.ending, wire.body.length]).toEqual([null, 'cut', 0]);
    expect(log).toMatchObject({ status: null, outcome: 'cut', bytes: 0 });
  });
});
