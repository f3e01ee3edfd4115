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
      // A bare body's request names no dialect, as the file named none: its framing is told by its bytes, live and stored alike.
      const writer = store.beginRecording({ startedAt: recording.startedAt, request: recording.request ?? { method: 'POST', url: 'http://127.0.0.1/stream', headers: {}, body: {} }, flushIntervalMs: 1, maxBufferRows: 7 });
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

describe('a Bedrock ConverseStream recording, stored and read back', () => {
  const BIN = join(ROOT, 'shared/test/fixtures/bedrock/converse-claude35sonnet-text-then-tool-use.bin');
  /** The .bin body as Bedrock answered it: its request path and the event-stream content-type, in reads cut anew. */
  function bedrockRecording(): Recording {
    const body = new Uint8Array(readFileSync(BIN));
    const bare: Recording = { source: 'live', startedAt: null, request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', headers: {}, body: { messages: [] } }, response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } }, reads: [{ t: 2, bytes: body }], end: { t: 3, outcome: 'eof' } };
    return recut(bare, 7);
  }

  it('gives back the events the live analysis had, read again from its frames, none kept apart, and a byte-identical inspect --json naming its framing and dialect', async () => {
    const recording = bedrockRecording();
    const analysis = analyzeRecording(recording);
    expect([analysis.framing, analysis.protocol, analysis.events.length]).toEqual(['aws-eventstream', 'bedrock-converse', 27]);
    const path = tempDbPath();
    const store = openStore(path);
    const id = store.importRecording(recording);
    expect(store.events(id)).toEqual(analysis.events.map(stored));
    store.close();
    const db = rawConnection(path);
    expect(db.prepare('SELECT count(*) FROM event_fields').pluck().get()).toBe(0);
    db.close();
    const printed = await inspectJson(String(id), '--db', path);
    expect(printed).toBe(JSON.stringify(toContract(analysis), null, 2) + '\n');
    expect(JSON.parse(printed)).toMatchObject({ framing: 'aws-eventstream', protocol: 'bedrock-converse' });
  });
});
