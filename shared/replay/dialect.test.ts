import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { CORPUS_DIR, corpus } from '../test/dialect-corpus.ts';
import { byteByByte, cleanTextStream, realStreams, splitAt, timed } from '../test/streams.ts';
import { replayProtocol } from './dialect.ts';

const corpusRecordings = corpus().map((entry) => ({ name: entry.file, bytes: new Uint8Array(readFileSync(CORPUS_DIR + entry.file)) }));
const everyStream = [...corpusRecordings, ...realStreams()];
const withReads = (reads: Uint8Array[], url?: string): Pick<Recording, 'request' | 'reads'> => ({
  request: url === undefined ? null : { method: 'POST', url, headers: {}, body: null },
  reads: reads.map((bytes) => ({ t: null, bytes })),
});

describe('replayProtocol', () => {
  it('goes by the request path first, whatever the prefix and query', () => {
    const chat = new TextEncoder().encode(cleanTextStream());
    expect(replayProtocol(withReads([chat], 'https://api.openai.com/v1/responses'))).toBe('responses');
    expect(replayProtocol(withReads([chat], 'https://gateway.example/anthropic/v1/messages?beta=true'))).toBe('anthropic-messages');
    expect(replayProtocol(withReads([], 'http://x/openai/deployments/d/chat/completions?api-version=2024-10-21'))).toBe('chat-completions');
  });

  it('tells every corpus and real stream as the analysis does, whole, split at random and byte by byte', () => {
    for (const { name, bytes } of everyStream) {
      const expected = analyzeRecording(recordingFromSse(bytes)).protocol ?? 'chat-completions';
      expect(replayProtocol(withReads([bytes])), name).toBe(expected);
      expect(replayProtocol(withReads(byteByByte(bytes))), name).toBe(expected);
    }
    fc.assert(
      fc.property(fc.constantFrom(...everyStream), fc.array(fc.nat(), { maxLength: 12 }), ({ name, bytes }, cuts) => {
        const reads = splitAt(bytes, cuts.map((cut) => cut % (bytes.length + 1)));
        expect(replayProtocol(withReads(reads)), name).toBe(analyzeRecording(recordingFromSse(bytes)).protocol ?? 'chat-completions');
      }),
      { numRuns: 200 },
    );
  });

  it('falls back to Chat Completions when neither the path nor the events tell', () => {
    expect(replayProtocol(withReads([new TextEncoder().encode('data: {"hello":1}\n\n: ping\n\n')], 'http://x/v1/embeddings'))).toBe('chat-completions');
    expect(replayProtocol(timed([]))).toBe('chat-completions');
  });

  it('reads no more than the first events of a long body', () => {
    const first = new TextEncoder().encode('event: message_start\ndata: {"type":"message_start","message":{}}\n\n');
    // Reads past the first that would throw if they were touched.
    const poisoned = new Proxy(new Uint8Array(4), { get: () => { throw new Error('read too far'); } });
    expect(replayProtocol(withReads([first, poisoned as Uint8Array]))).toBe('anthropic-messages');
  });
});
