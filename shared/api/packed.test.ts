import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../formats/sse.ts';
import { realStream } from '../test/streams.ts';
import { packReads, packRecording, unpackReads, unpackRecording } from './packed.ts';
import type { StoredRecording } from './recordings.ts';
import { decodeJson, encodeJson } from './codec.ts';

function stored(name: string, cut: number): StoredRecording {
  const body = realStream(name);
  const reads = [];
  for (let at = 0, i = 0; at < body.length; at += cut, i++) reads.push({ t: i % 5 === 0 ? null : i * 1.5, bytes: body.slice(at, at + cut) });
  const recording = recordingFromSse(body);
  return { ...recording, reads, id: 3, name: name, tags: ['a'], createdAt: '2026-11-30T00:00:00.000Z', summary: {} as StoredRecording['summary'] };
}

describe('a packed recording', () => {
  it('gives back the same recording, read for read, also through serve mode’s JSON', () => {
    const original = stored('openai-gpt4o-parallel-tool-calls.sse', 37);
    const packed = packRecording(original);
    expect(unpackRecording(packed)).toEqual(original);
    const carried = decodeJson(encodeJson(packed))!.value as typeof packed;
    expect(unpackRecording(carried)).toEqual(original);
  });

  it('keeps empty reads and a recording with none', () => {
    const original = { ...stored('openai-gpt4o-length-truncated.sse', 1000), reads: [{ t: 1, bytes: new Uint8Array(0) }] };
    expect(unpackRecording(packRecording(original))).toEqual(original);
    expect(unpackRecording(packRecording({ ...original, reads: [] }))).toEqual({ ...original, reads: [] });
  });

  it('holds a slice of the reads, which unpacks as reads but not as the whole recording', () => {
    const original = stored('openai-gpt4o-parallel-tool-calls.sse', 37);
    const { recording, ...whole } = packRecording(original);
    const slice = { recording, ...packReads(original.reads.slice(5, 9)), fromRead: 5, readCount: whole.readCount };
    expect(unpackReads(slice)).toEqual(original.reads.slice(5, 9));
    expect(unpackRecording(slice)).toBeNull();
  });

  it('refuses lengths that do not fit its coded reads', () => {
    const packed = packRecording(stored('openai-gpt4o-length-truncated.sse', 100));
    expect(unpackRecording({ ...packed, readLengths: [...packed.readLengths.slice(0, -1), packed.readLengths.at(-1)! + 1] })).toBeNull();
    expect(unpackRecording({ ...packed, readLengths: packed.readLengths.slice(1) })).toBeNull();
    expect(unpackRecording({ ...packed, readLengths: [-1, ...packed.readLengths.slice(1)] })).toBeNull();
    expect(unpackRecording({ ...packed, codedReads: packed.codedReads.subarray(1) })).toBeNull();
  });
});
