import { describe, expect, it } from 'vitest';
import { byteByByte, bytes, splitAt, text } from '../../test/streams.ts';
import { createEchoMasker, maskEchoedSecrets, maskHeaders, maskOf, secretsToMask } from './echoes.ts';
import type { Recording } from '../types.ts';
import type { RecordedRead } from '../types.ts';

const KEY = 'sk-proj-Zt4QmV8xR2bN6yL0pW3sK7dF9hJ1cA5e';
const MASKED = 'sk-proj-****************************cA5e';
const echoBody = (key: string) =>
  `data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n` +
  `data: {"debug":{"headers":{"authorization":"Bearer ${key}"}},"choices":[{"index":0,"delta":{"content":" there ${key}"}}]}\n\n` +
  'data: [DONE]\n\n';

/** Seeded cuts, so that a failure names a split that can be run again. */
function cuts(length: number, seed: number): number[] {
  let state = seed >>> 0;
  return Array.from({ length: 40 }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * length);
  });
}

function maskAll(reads: readonly RecordedRead[], secrets: readonly string[]) {
  const masker = createEchoMasker(secrets);
  const out = [...reads.flatMap((read) => masker.feed(read)), ...masker.end()];
  return { out, places: masker.places };
}

describe('the secrets of a request worth looking for', () => {
  it('are the values of its secret headers without their scheme, its URL password and secret query values, as sent and URL-encoded, longest first', () => {
    const secrets = secretsToMask('https://user:pa$$word-0123@api.example.com/v1/chat/completions?api-version=1&key=abc/def+ghi%3D%3D', {
      Authorization: `Bearer ${KEY}`,
      'x-goog-api-key': 'AIzaSyDq-0123456789',
      cookie: 'session=s3cr3t-cookie-value; theme=dark',
      'content-type': 'application/json',
    });
    expect(secrets).toEqual([KEY, 'abc%2Fdef%20ghi%3D%3D', 'AIzaSyDq-0123456789', 's3cr3t-cookie-value', 'pa%24%24word-0123', 'pa$$word-0123', 'abc/def ghi==']);
  });

  it('leave out values of fewer than 8 characters, which would match too much other text', () => {
    expect(secretsToMask('http://h/v1?token=short', { 'x-api-key': 'abc1234', cookie: 'theme=dark' })).toEqual([]);
  });
});

describe('the mask of a secret', () => {
  it('is as long as the secret, keeps its public prefix and last four characters, and never holds it', () => {
    expect(text(maskOf(KEY))).toBe(MASKED);
    expect(text(maskOf('AIzaSyDq-0123456789'))).toBe('***************6789');
    expect(text(maskOf('12345678'))).toBe('********');
    // A secret with other characters than ASCII is masked whole, byte for byte.
    expect(maskOf('clé-secrète-0123')).toEqual(new Uint8Array(18).fill(0x2a));
  });
});

describe('masking response headers', () => {
  it('masks a key echoed in a harmless-named header or in a JSON dump of the request headers, and names those headers', () => {
    const { headers, masked } = maskHeaders(
      { 'content-type': 'text/event-stream', 'x-debug': `Bearer ${KEY}`, 'x-echo-request': JSON.stringify({ authorization: `Bearer ${KEY}`, accept: '*/*' }) },
      [KEY],
    );
    expect(headers).toEqual({ 'content-type': 'text/event-stream', 'x-debug': `Bearer ${MASKED}`, 'x-echo-request': `{"authorization":"Bearer ${MASKED}","accept":"*/*"}` });
    expect(masked).toEqual(['x-debug', 'x-echo-request']);
  });

  it('leaves secret headers to redaction by name: a Set-Cookie that sends the session back is no echo to report', () => {
    const cookie = 'session-3f9a0c1d2e4b5a69';
    expect(maskHeaders({ 'set-cookie': `session=${cookie}; Path=/`, 'x-api-key': KEY }, [cookie, KEY])).toEqual({ headers: { 'set-cookie': `session=${cookie}; Path=/`, 'x-api-key': KEY }, masked: [] });
  });
});

describe('masking a body read by read', () => {
  const body = bytes(echoBody(KEY));
  const expected = echoBody(MASKED);
  const cases: [string, Uint8Array[]][] = [
    ['whole', [body]],
    ...[1, 2, 3, 4, 5].map((seed): [string, Uint8Array[]] => [`in reads cut at random (seed ${seed})`, splitAt(body, cuts(body.length, seed))]),
    ['in reads cut inside each key', splitAt(body, [...echoBody(KEY).matchAll(new RegExp(KEY, 'g'))].flatMap((match) => [match.index + 5, match.index + 21]))],
    ['byte by byte', byteByByte(body)],
  ];

  it.each(cases)('masks every echo of a key at the same length, %s, keeping each read and its time', (_, pieces) => {
    const reads = pieces.map((piece, i) => ({ t: i * 1.5, bytes: piece }));
    const copies = reads.map((read) => read.bytes.slice());
    const { out, places } = maskAll(reads, [KEY]);
    expect(text(new Uint8Array(out.flatMap((read) => [...read.bytes])))).toBe(expected);
    expect(out.map((read) => [read.t, read.bytes.length])).toEqual(reads.map((read) => [read.t, read.bytes.length]));
    expect(places).toBe(2);
    // The caller's buffers are left as they were.
    expect(reads.map((read) => read.bytes)).toEqual(copies);
  });

  it('holds a read back only while its end could be the start of a secret, and gives it back masked with the next', () => {
    const masker = createEchoMasker([KEY]);
    const first = { t: 1, bytes: bytes('data: {"echo":"sk-pr') };
    expect(masker.feed(first)).toEqual([]);
    const second = { t: 2, bytes: bytes(`${KEY.slice(5)}"}\n\n`) };
    expect(masker.feed(second).map((read) => [read.t, text(read.bytes)])).toEqual([
      [1, 'data: {"echo":"sk-pr'],
      [2, `${MASKED.slice(5)}"}\n\n`],
    ]);
    expect(masker.end()).toEqual([]);
    // A read ending in the start of a key that does not come is given back whole at the end.
    const other = createEchoMasker([KEY]);
    expect(other.feed({ t: 3, bytes: bytes('data: {"sk-proj-') })).toEqual([]);
    expect(other.feed({ t: 4, bytes: bytes('x') })).toHaveLength(2);
    expect(other.feed({ t: 5, bytes: bytes('data: sk') })).toEqual([]);
    expect(other.end().map((read) => text(read.bytes))).toEqual(['data: sk']);
    expect(other.places).toBe(0);
  });

  it('gives back the very same reads when no secret is sent or none turns up', () => {
    const reads = splitAt(bytes(echoBody('nothing-secret-here')), cuts(200, 9)).map((piece, i) => ({ t: i, bytes: piece }));
    for (const secrets of [[], [KEY]]) {
      const { out, places } = maskAll(reads, secrets);
      expect(out.every((read, i) => read.bytes === reads[i]!.bytes)).toBe(true);
      expect(places).toBe(0);
    }
  });
});

describe('a recording read from a file, its request still holding the key', () => {
  const recording = (authorization: string): Recording => ({
    source: 'ssrec',
    startedAt: null,
    request: { method: 'POST', url: 'https://api.example.com/v1/chat/completions', headers: { authorization }, body: {} },
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'x-debug': authorization } },
    reads: splitAt(bytes(echoBody(KEY)), cuts(300, 4)).map((piece, i) => ({ t: 2 + i, bytes: piece })),
    end: { t: 50, outcome: 'eof' },
  });

  it('has every echo masked, read by read, and says where', () => {
    const masked = maskEchoedSecrets(recording(`Bearer ${KEY}`));
    expect(text(new Uint8Array(masked.reads.flatMap((read) => [...read.bytes])))).toBe(echoBody(MASKED));
    expect(masked.response!.headers['x-debug']).toBe(`Bearer ${MASKED}`);
    expect(masked.secretsMasked).toEqual({ headers: ['x-debug'], bodyPlaces: 2 });
    expect(masked.reads.map((read) => read.t)).toEqual(recording('').reads.map((read) => read.t));
  });

  it('comes back as it is when its request is redacted already, as a stored one is', () => {
    const stored = recording('Bearer sk-proj-…cA5e');
    expect(maskEchoedSecrets(stored)).toBe(stored);
  });
});
