import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { CaptureInfo, RelayTiming } from '../../../shared/capture/types.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { cleanTextStream, timed } from '../../../shared/test/streams.ts';
import { rawRequest, startTestProxy } from '../../../electron/backend/proxy/test-support.ts';
import type { TestProxy } from '../../../electron/backend/proxy/test-support.ts';
import { startSimulator } from '../../../electron/backend/simulator/index.ts';
import type { Simulator } from '../../../electron/backend/simulator/index.ts';
import { describeMark, summaryOf } from './describe.ts';
import { eventAtClick, geometryOf, LANE } from './geometry.ts';
import { indexTimeline } from './lanes.ts';
import type { TimelineIndex } from './lanes.ts';

const events = cleanTextStream().split(/(?<=\n\n)/);

/** Two reads relayed in three writes: one taken at once, one the client held 40 ms, one it never took. */
const relay: RelayTiming = {
  writes: [
    [200, 200.02, 200.05],
    [1800.25, 1800.3, 1840.3],
    [1800.25, 1800.31, null],
  ],
  writesDropped: 0,
  paused: [[1800.4, 1840.3]],
  maxBufferedBytes: 900,
  bufferBound: 1_048_576,
};

function captured(withRelay: RelayTiming | null): Recording {
  const capture: CaptureInfo = { session: 's', upstream: 'http://127.0.0.1:9/v1', client: { address: '127.0.0.1:5', userAgent: null }, changed: [], servedBy: 'proxy', relay: withRelay };
  return { ...timed([[200, events.slice(0, 2).join('')], [1800.25, events.slice(2).join('')]], { end: { t: 1800.5, outcome: 'eof' } }), source: 'capture', capture };
}

const writesOf = (index: TimelineIndex) => {
  const lane = index.lanes.find((each) => each.holds === 'writes');
  return lane ? { positions: Array.from(lane.positions.subarray(0, lane.count)), items: Array.from(lane.items.subarray(0, lane.count)) } : null;
};

describe('the “to the client” lane', () => {
  it('draws each write of a captured recording at the moment the client took it, under the reads, and none it never took', () => {
    const index = indexTimeline(analyzeRecording(captured(relay)));
    expect(index.lanes.slice(0, 2).map((lane) => [lane.label, lane.holds, lane.colour])).toEqual([
      ['network reads', 'reads', '--tl-read'],
      ['to the client', 'writes', '--tl-client'],
    ]);
    expect(writesOf(index)).toEqual({ positions: [200.05, 1840.3], items: [0, 1] });
    expect(index.writeCount).toBe(2);
    // A write the client took after the last read stretches the axis to it.
    expect(index.domain.end).toBe(1840.3);
    expect(summaryOf(index)).toBe('Timeline: 7 events, 2 reads and 2 writes to the client over 1,840.3 ms');
  });

  it('has no lane for a recording that was not captured, nor while the relay’s timing is still to come', () => {
    expect(writesOf(indexTimeline(analyzeRecording(timed([[5, cleanTextStream()]]))))).toBeNull();
    const live = indexTimeline(analyzeRecording(captured(null)));
    expect([writesOf(live), live.writeCount]).toEqual([null, 0]);
    // The stored recording comes with it: the lane appears.
    const analysis = analyzeRecording(captured(relay));
    const stored = indexTimeline(analysis, live);
    expect(writesOf(stored)?.items).toEqual([0, 1]);
    // Indexed again with the same relay (a view redrawn), the lane is kept, not drawn again.
    const again = indexTimeline(analysis, stored);
    expect(again.lanes.find((lane) => lane.holds === 'writes')!.positions).toBe(stored.lanes.find((lane) => lane.holds === 'writes')!.positions);
  });

  it('tells a write’s delays in its tooltip: the proxy’s own, then the client’s', () => {
    const analysis = analyzeRecording(captured(relay));
    const index = indexTimeline(analysis);
    const lane = index.lanes.find((each) => each.holds === 'writes')!;
    expect(describeMark(analysis, { lane, item: 1, columnFirst: 1, columnCount: 1 })).toEqual({
      title: 'write 1 to the client · taken 1,840.3 ms',
      annotation: null,
      more: 'read arrived 1,800.3 ms; proxy added 0.050 ms, then 40.000 ms for the client',
    });
    expect(describeMark(analysis, { lane, item: 0, columnFirst: 0, columnCount: 2 }).more).toBe('read arrived 200.0 ms; proxy added 0.020 ms, then 0.030 ms for the client\n2 writes in this pixel (#0–#1)');
  });

  it('selects no write on a click: the nearest event instead', () => {
    const index = indexTimeline(analyzeRecording(captured(relay)));
    const geometry = geometryOf(800, index.lanes.length);
    const view = { start: 0, end: index.domain.end };
    const y = geometry.lanesTop + LANE * 1 + 4;
    // At the end of the axis: the events that came in the last read (the first of them), not write 1.
    expect(eventAtClick(index, view, geometry, geometry.plotLeft + geometry.plotWidth, y)).toBe(2);
  });
});

describe('the lane of a real capture', () => {
  let simulator: Simulator;
  let proxy: TestProxy;
  beforeAll(async () => {
    simulator = await startSimulator({ timeScale: 0 });
    proxy = await startTestProxy(simulator.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await simulator?.close();
  });

  it('has one mark per write the proxy relayed, each taken after its read arrived', async () => {
    await rawRequest(`${proxy.base}/chat/completions`, { body: { model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'Hi' }], sim: { time_scale: 1, ttft_ms: 5, tps: 400, chunks: 30 } } });
    const recording = proxy.recording(await proxy.ended(1));
    const writes = recording.capture!.relay!.writes;
    expect(writes.length).toBe(recording.reads.length);
    const index = indexTimeline(analyzeRecording(recording));
    const lane = writesOf(index)!;
    expect(lane.items).toEqual(writes.map((_, i) => i));
    lane.items.forEach((write, i) => expect(lane.positions[i]).toBeGreaterThanOrEqual(writes[write]![0]));
  });
});
