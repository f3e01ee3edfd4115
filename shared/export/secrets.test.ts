// No export holds a secret: a recording read from an unredacted file (a key in the Authorization
// header, an api-key, a cookie, a key in the URL) goes through every registered exporter, and no
// part of any secret comes out.

import { describe, expect, it } from 'vitest';
import { concatBytes, utf8Lossy } from '../formats/bytes.ts';
import type { Recording } from '../recording/types.ts';
import { realStream } from '../test/streams.ts';
import { exporters } from './registry.ts';

const SECRETS = {
  bearer: 'sk-proj-Zq8fLw2NcX7vPb4KmR1tYs9HdE3uJ6aG',
  apiKey: 'azk-4f1c9e7b2a8d6e3f0b5c7a9d1e2f3a4b',
  cookie: 'sess-9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d',
  urlKey: 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
  proxy: 'cHJveHk6dXNlcjpwYXNzd29yZDEyMzQ1Ng==',
};

const recording: Recording = {
  source: 'ssrec',
  startedAt: '2026-11-30T08:00:00.000Z',
  request: {
    method: 'POST',
    url: `https://api.example.com/v1/chat/completions?key=${SECRETS.urlKey}&api-version=2024-10-21`,
    headers: {
      'content-type': 'application/json',
      Authorization: `Bearer ${SECRETS.bearer}`,
      'api-key': SECRETS.apiKey,
      Cookie: `session=${SECRETS.cookie}`,
      'Proxy-Authorization': `Basic ${SECRETS.proxy}`,
    },
    body: { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Hi' }] },
  },
  // The server sends the keys back too: in a harmless-named header and in an SSE comment of the body (masked by value: recording/secrets/echoes.ts).
  response: { t: 120, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'set-cookie': `session=${SECRETS.cookie}; Path=/; HttpOnly`, 'x-debug': `Bearer ${SECRETS.bearer} ${SECRETS.apiKey}` } },
  reads: [
    { t: 125, bytes: new TextEncoder().encode(`: echo ${SECRETS.bearer} ${SECRETS.urlKey}\n\n`) },
    { t: 130, bytes: realStream('openai-gpt4o-parallel-tool-calls.sse') },
  ],
  end: { t: 400, outcome: 'eof' },
};

/**
 * Every 6-character piece of a secret's private part: a secret must not come out whole nor in
 * part. Redaction keeps a key's public prefix (`sk-proj-`) and its last 4 characters on purpose
 * (recording/secrets/remainder.ts), so the 8 first and 4 last are left out of the check.
 */
function pieces(secret: string): string[] {
  const hidden = secret.slice(8, -4);
  return Array.from({ length: hidden.length - 5 }, (_, i) => hidden.slice(i, i + 6));
}

describe('exports never hold a secret', () => {
  it.each(exporters().map((exporter) => [exporter.format, exporter] as const))('%s', (_, exporter) => {
    const content = exporter.export(recording, { name: 'secret test', id: 1 });
    const text = typeof content === 'string' ? content : utf8Lossy(content);
    for (const secret of Object.values(SECRETS)) {
      for (const piece of pieces(secret)) expect(text, `${exporter.format} holds part of ${secret}`).not.toContain(piece);
    }
    // The body itself went through (the test would pass on an empty export otherwise).
    if (typeof content !== 'string' || exporter.format === 'ssrec' || exporter.format === 'har') {
      expect(text.length).toBeGreaterThan(concatBytes(recording.reads.map((read) => read.bytes)).length / 2);
    }
  });
});
