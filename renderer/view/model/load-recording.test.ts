import { describe, expect, it } from 'vitest';
import { packReads, packRecording } from '../../../shared/api/packed.ts';
import type { StoredRecording } from '../../../shared/api/recordings.ts';
import { recordingFromSse } from '../../../shared/formats/sse.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { loadHead, loadInSlices, loadWhole, SLICES_AHEAD } from './load-recording.ts';
import type { OpenRecording, Slice } from './load-recording.ts';

function stored(): StoredRecording {
  const body = realStream('openai-gpt4o-parallel-tool-calls.sse');
  const reads = [];
  for (let at = 0, i = 0; at < body.length; at += 50, i++) reads.push({ t: i * 2, bytes: body.slice(at, at + 50) });
  return { ...recordingFromSse(body), reads, id: 4, name: null, tags: [], createdAt: '2026-11-30T00:00:00.000Z', summary: {} as StoredRecording['summary'] };
}

/** The backend's answer, sliced as the store slices. */
function backend(recording: StoredRecording, calls: { fromRead: number; readLimit: number }[]): OpenRecording {
  return async ({ id, fromRead, readLimit }) => {
    calls.push({ fromRead, readLimit });
    if (id !== recording.id) return null;
    const { reads, ...rest } = recording;
    return { recording: rest, fromRead, readCount: reads.length, ...packReads(reads.slice(fromRead, fromRead + readLimit)) };
  };
}

describe('loading a recording in slices', () => {
  it('hands over every read once, in order, with the next SLICES_AHEAD slices asked for before it hands one over', async () => {
    const recording = stored();
    const calls: { fromRead: number; readLimit: number }[] = [];
    const open = backend(recording, calls);
    const slices: Slice[] = [];
    const asked: number[] = [];
    expect(await loadInSlices(open, 4, (slice) => {
      slices.push(slice);
      asked.push(calls.length);
    }, 10)).toBe(true);
    expect(slices.flatMap((slice) => slice.reads)).toEqual(recording.reads);
    expect(slices.map((slice) => [slice.loaded, slice.total])).toEqual(slices.map((_, i) => [Math.min((i + 1) * 10, recording.reads.length), recording.reads.length]));
    // When a slice is handed over, the ones after it (up to SLICES_AHEAD, and no further than the recording goes) have been asked for already.
    expect(slices.length).toBeGreaterThan(SLICES_AHEAD + 1);
    expect(asked).toEqual(slices.map((_, i) => Math.min(i + 1 + SLICES_AHEAD, slices.length)));
    expect(calls.map((call) => call.fromRead)).toEqual(slices.map((_, i) => i * 10));
  });

  it('gathers the whole recording, the same as one pack of it', async () => {
    const recording = stored();
    expect(await loadWhole(backend(recording, []), 4)).toEqual(recording);
    const { reads: _reads, ...rest } = recording;
    expect(packRecording(recording).recording).toEqual(rest);
  });

  it('gives a recording’s head without its reads, asking for one read, and null for an unknown id', async () => {
    const recording = stored();
    const calls: { fromRead: number; readLimit: number }[] = [];
    const { reads: _reads, ...head } = recording;
    expect(await loadHead(backend(recording, calls), 4)).toEqual(head);
    expect(calls).toEqual([{ fromRead: 0, readLimit: 1 }]);
    expect(await loadHead(backend(recording, []), 5)).toBeNull();
  });

  it('answers false for an unknown recording, and fails on a damaged slice', async () => {
    expect(await loadInSlices(backend(stored(), []), 5, () => {})).toBe(false);
    const damaged: OpenRecording = async () => ({ ...packRecording(stored()), readLengths: [1] });
    await expect(loadInSlices(damaged, 4, () => {})).rejects.toThrow('damaged');
  });

  it('fails with the first slice that fails, leaving no failure of a later slice unhandled', async () => {
    const recording = stored();
    const failing: OpenRecording = async (input) => {
      if (input.fromRead > 0) throw new Error(`slice from ${input.fromRead} failed`);
      return backend(recording, [])(input);
    };
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    await expect(loadInSlices(failing, 4, () => {}, 10)).rejects.toThrow('slice from 10 failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', listener);
    expect(unhandled).toEqual([]);
  });

  it('takes an exact multiple of the slice size, ending on an empty slice', async () => {
    const recording = { ...stored(), reads: stored().reads.slice(0, 20) };
    const slices: Slice[] = [];
    expect(await loadInSlices(backend(recording, []), 4, (slice) => slices.push(slice), 10)).toBe(true);
    expect(slices.map((slice) => slice.reads.length)).toEqual([10, 10, 0]);
  });
});
