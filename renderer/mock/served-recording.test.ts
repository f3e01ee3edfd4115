// The mock view's reading of a served recording, from the head the backend sends: the dialect
// (by the request path, else by the first read's events) that picks the snippet's SDK and path.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packRecording } from '../../shared/api/packed.ts';
import type { RecordingSummary, StoredRecording } from '../../shared/api/recordings.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import type { Recording } from '../../shared/recording/types.ts';
import { replaySnippet, snippetNote, snippetRequest } from '../../shared/replay/snippet.ts';
import { CORPUS_DIR } from '../../shared/test/dialect-corpus.ts';
import { cleanTextStream, timed } from '../../shared/test/streams.ts';
import { servedRecording } from './served-recording.ts';

const BASE = 'http://127.0.0.1:8089/v1';
const corpusFile = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file)));
/** The head openRecording sends: the stored recording without its reads, and its first read. */
function head(recording: Recording) {
  const stored: StoredRecording = { ...recording, id: 1, name: null, tags: [], createdAt: '2026-01-01T00:00:00.000Z', summary: { model: 'from-summary' } as RecordingSummary };
  const packed = packRecording({ ...stored, reads: recording.reads.slice(0, 1) });
  return { ...packed, readCount: recording.reads.length };
}
/** The first lines of each snippet the card shows, and the note above the TypeScript one. */
function card(recording: Recording): { protocol: string; note: string; typescript: string; curl: string } {
  const info = servedRecording(head(recording));
  const request = snippetRequest([{ body: info.body, protocol: info.protocol }], info.summary.model);
  return { protocol: info.protocol, note: snippetNote('typescript', info.protocol), typescript: replaySnippet('typescript', BASE, request)[0]!, curl: replaySnippet('curl', BASE, request)[0]! };
}

describe('a recording served by a mock endpoint', () => {
  it('without a request (an imported .sse), is told by its first events: its snippet uses its SDK and its path', () => {
    expect(card(corpusFile('responses/openai-gpt41nano-text-obfuscation.sse'))).toEqual({
      protocol: 'responses',
      note: 'The official openai SDK (npm install openai), as an ES module.',
      typescript: "import OpenAI from 'openai';",
      curl: `curl -N '${BASE}/responses' \\`,
    });
    expect(card(corpusFile('messages/anthropic-sonnet46-text.sse'))).toEqual({
      protocol: 'anthropic-messages',
      note: 'The official Anthropic SDK (npm install @anthropic-ai/sdk), as an ES module.',
      typescript: "import Anthropic from '@anthropic-ai/sdk';",
      curl: `curl -N '${BASE}/messages' \\`,
    });
  });

  it('with a request, is told by its path, and asked with its members', () => {
    const recording = timed([[1, cleanTextStream()]], {
      request: { method: 'POST', url: 'https://gateway.example/anthropic/v1/messages', headers: {}, body: { model: 'claude', max_tokens: 5, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] } },
    });
    const info = servedRecording(head(recording));
    expect(info).toMatchObject({ protocol: 'anthropic-messages', body: recording.request!.body });
    expect(snippetRequest([info], null)).toEqual({ protocol: 'anthropic-messages', model: 'claude', max_tokens: 5, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
    expect(card(timed([[1, cleanTextStream()]]))).toMatchObject({ protocol: 'chat-completions', curl: `curl -N '${BASE}/chat/completions' \\` });
  });
});
