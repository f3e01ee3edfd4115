// Every stored fixture, stored and read back: the events the store gives (their fields read again
// from the stored reads) are the analysis's, field for field, and `inspect --json` of the stored
// recording is byte for byte that of the file, whether it was imported or recorded through the
// live writer with its reads cut anew.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, readRecordingsFile, toContract } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { main } from '../cli/main.ts';
import { captureOutput } from '../cli/output.ts';
import { openStore } from './store.ts';
import { rawConnection, stored, tempDbPath } from './test-support.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = [join(ROOT, 'shared/test/fixtures'), join(ROOT, '../shared/real-streams')];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path);
      return /\.(md|json)$/.test(name) ? [] : [path];
    });
}

const FILES = SOURCES.flatMap(filesUnder);

async function inspectJson(...args: string[]): Promise<string> {
  const output = captureOutput();
  await main(['inspect', ...args, '--json'], output);
  return output.out;
}

/** The same bytes in reads of 1 to 97 bytes (seeded), timed 0.5 ms apart. */
function recut(recording: Recording, seed: number): Recording {
  const body = Buffer.concat(recording.reads.map((read) => read.bytes));
  let state = seed;
  const next = (): number => ((state = (state * 1103515245 + 12345) % 2 ** 31) % 97) + 1;
  const reads = [];
  for (let at = 0; at < body.length; ) {
    const size = Math.min(next(), body.length - at);
    reads.push({ t: reads.length * 0.5, bytes: new Uint8Array(body.subarray(at, at + size)) });
    at += size;
  }
  return { ...recording, reads };
}

describe('every stored fixture, read back', () => {
  it('finds the fixtures', () => {
    expect(FILES.length).toBeGreaterThan(50);
  });

  it.each(FILES.map((file) => [relative(ROOT, file)]))('%s: imported, gives the same events and a byte-identical inspect --json', async (name) => {
    const file = join(ROOT, name);
    const path = tempDbPath();
    const store = openStore(path);
    const parsed = readRecordingsFile(file, new Uint8Array(readFileSync(file)));
    expect(parsed.ok).toBe(true);
    const recordings = parsed.ok ? parsed.value.map((item) => item.recording) : [];
    const ids = recordings.map((recording) => store.importRecording(recording));
    recordings.forEach((recording, i) => expect(store.events(ids[i]!)).toEqual(analyzeRecording(recording).events.map(stored)));
    store.close();
    // Every event is given back by its reads: none keeps its fields apart.
    const db = rawConnection(path);
    expect(db.prepare('SELECT count(*) FROM event_fields').pluck().get()).toBe(0);
    db.close();
    // What `inspect --json` prints of the recording itself (a file of several is inspected one by one from the store).
    for (const [i, recording] of recordings.entries()) expect(await inspectJson(String(ids[i]), '--db', path)).toBe(JSON.stringify(toContract(analyzeRecording(recording)), null, 2) + '\n');
  });

  it.each(FILES.map((file) => [relative(ROOT, file)]))('%s: recorded through the live writer in reads cut anew, gives the same events and analysis', (name) => {
    const file = join(ROOT, name);
    const parsed = readRecordingsFile(file, new Uint8Array(readFileSync(file)));
    const path = tempDbPath();
    const store = openStore(path);
    const db = rawConnection(path);
    const kept = db.prepare('SELECT count(*) FROM event_fields WHERE recording_id = ?').pluck();
    for (const [i, item] of (parsed.ok ? parsed.value : []).entries()) {
      const recording = recut(item.recording, i + name.length);
      const analysis = analyzeRecording(recording);
      const writer = store.beginRecording({ startedAt: recording.startedAt, request: recording.request ?? { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: {} }, flushIntervalMs: 1, maxBufferRows: 7 });
      let next = 0;
      recording.reads.forEach((read, seq) => {
        writer.read(read.t, read.bytes);
        while (next < analysis.events.length && analysis.events[next]!.sse.read === seq) writer.event(analysis.events[next++]!);
      });
      writer.finish({ t: recording.reads.length * 0.5, outcome: 'eof' }, analysis);
      expect(store.events(writer.id)).toEqual(analysis.events.map(stored));
      expect(kept.get(writer.id)).toBe(0);
      const got = store.get(writer.id)!;
      expect(Buffer.concat(got.reads.map((read) => read.bytes)).equals(Buffer.concat(recording.reads.map((read) => read.bytes)))).toBe(true);
    }
    db.close();
    store.close();
  });
});
