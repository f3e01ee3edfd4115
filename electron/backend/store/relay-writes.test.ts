import { describe, expect, it } from 'vitest';
import type { CaptureInfo, RelayWrite } from '../../../shared/capture/types.ts';
import type { Recording } from '../../../shared/index.ts';
import { unpackRecording } from '../../../shared/api/packed.ts';
import { openStore } from './store.ts';
import { rawConnection, tempDbPath, timedRecording } from './test-support.ts';

/** A capture whose relay clock holds `writes`, the rest as the proxy stores it. */
function captured(recording: Recording, writes: RelayWrite[]): Recording {
  const capture = {
    session: 'cap-1',
    servedBy: 'proxy',
    relay: { writes, writesDropped: 0, paused: [[12.5, 14]], maxBufferedBytes: 4096 },
  } as unknown as CaptureInfo;
  return { ...recording, source: 'capture', capture };
}

/** Times as a relay takes them: performance.now() differences, never round. */
function relayClock(reads: Recording['reads']): RelayWrite[] {
  const origin = 51234.567891234;
  return reads.map((read, i) => {
    const arrived = read.t!;
    const issued = origin + arrived + 0.0123456789 * (i + 1) - origin;
    return [arrived, issued, i === 2 ? null : issued + 0.25 / (i + 3)];
  });
}

describe("a capture's relay clock", () => {
  it('comes back as the same doubles, whether each arrival is its read’s time or not, from get and from packed', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const recording = timedRecording();
    const writes = relayClock(recording.reads);
    // An arrival that is no read's time, one after the last read, a write far from its arrival, one before it.
    writes[1] = [writes[1]![0] + 0.001, writes[1]![1], writes[1]![2]];
    writes.push([1e6 / 3, 5e9 + 0.1, 2e-300], [0, 0, 0], [7.5, 7.25, 1], [1e300, 1e-300, null]);
    const id = store.importRecording(captured(recording, writes));
    expect(store.get(id)!.capture!.relay!.writes).toEqual(writes);
    expect(unpackRecording(store.packed(id)!)!.capture).toEqual(store.get(id)!.capture);
    expect(store.get(id)!.capture).toEqual(captured(recording, writes).capture);
    // Out of the JSON: the writes take a column of their own; a relay's own clock, 1 + 6 + 6 bytes a write.
    const natural = store.importRecording(captured(recording, relayClock(recording.reads)));
    const db = rawConnection(path);
    const sizes = db.prepare('SELECT capture, length(relay_writes) FROM recordings WHERE id IN (?, ?) ORDER BY id').raw().all(id, natural) as [string, number][];
    db.close();
    expect(sizes.map(([json]) => JSON.parse(json).relay.writes)).toEqual([[], []]);
    expect(sizes[1]![1]).toBeLessThanOrEqual(1 + 13 * recording.reads.length);
    store.close();
  });

  it('stays in the JSON when a number is one JSON would change (NaN, -0), as it was stored before', () => {
    const store = openStore(tempDbPath());
    const recording = timedRecording();
    const writes: RelayWrite[] = [[-0, 1, 2], [1, Number.NaN, null]];
    const id = store.importRecording(captured(recording, writes));
    expect(store.get(id)!.capture!.relay!.writes).toEqual(JSON.parse(JSON.stringify(writes)));
    store.close();
  });

  it('is stored at the end of a live capture, the arrivals told from the reads written before', () => {
    const store = openStore(tempDbPath());
    const recording = timedRecording();
    const { capture } = captured(recording, []);
    const writer = store.beginRecording({ startedAt: recording.startedAt, source: 'capture', request: recording.request!, capture: { ...capture!, relay: null } });
    for (const read of recording.reads) writer.read(read.t, read.bytes);
    const writes = relayClock(recording.reads);
    writer.finish(recording.end!, {}, { capture: { ...capture!, relay: { ...capture!.relay!, writes } } });
    expect(store.get(writer.id)!.capture!.relay!.writes).toEqual(writes);
    store.close();
  });
});
