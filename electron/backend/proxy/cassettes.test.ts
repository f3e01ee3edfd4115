// A cassette is found by what was asked (method, path and query, body by value), named so a
// folder reads well, written with no secret in it, and handed out in the order it was recorded.

import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeSsrec } from '../../../shared/formats/ssrec.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { MAX_INPUT_BYTES } from '../import/read-input.ts';
import { canonicalJson, cassetteKey, cassetteName, CassetteShelf, keyOf, loadCassettes, writeCassette } from './cassettes.ts';
import type { Cassette } from './cassettes.ts';

const KEY = 'sk-proj-Q7vD2mX9pL4rT8wK1nB6yH3cF5gJ0sZaE2uVxR';
const encoder = new TextEncoder();

function recording(body: unknown, text = 'data: [DONE]\n\n'): Recording {
  return {
    source: 'capture',
    startedAt: '2026-01-02T03:04:05.000Z',
    request: { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body },
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'x-echo': KEY } },
    reads: [{ t: 2, bytes: encoder.encode(text) }],
    end: { t: 3, outcome: 'eof' },
  };
}

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }, 3], a: 'x"y' })).toBe('{"a":"x\\"y","b":[{"c":2,"d":1},3]}');
  });

  it('writes scalars as JSON, and nothing (undefined) as null', () => {
    expect([canonicalJson(null), canonicalJson(1.5), canonicalJson(true), canonicalJson('s'), canonicalJson(undefined)]).toEqual(['null', '1.5', 'true', '"s"', 'null']);
  });
});

describe('cassetteKey', () => {
  it('is the method, the path and query of the upstream URL, and the body by value', () => {
    expect(cassetteKey('post', 'https://contoso.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-10-21', { stream: true, model: 'd' })).toBe(
      'POST /openai/deployments/d/chat/completions?api-version=2024-10-21\n{"model":"d","stream":true}',
    );
  });

  it('is the same for bodies that differ only in key order, and for any upstream host', () => {
    expect(cassetteKey('POST', 'https://api.openai.com/v1/x', { a: 1, b: { c: 2, d: 3 } })).toBe(cassetteKey('POST', 'http://127.0.0.1:1/v1/x', { b: { d: 3, c: 2 }, a: 1 }));
  });

  it('takes an unparsable URL as it is', () => {
    expect(cassetteKey('GET', 'not a url', null)).toBe('GET not a url\nnull');
  });

  it('of a recording is the key of its request; a recording without one has none', () => {
    expect(keyOf(recording({ model: 'm' }))).toBe('POST /v1/chat/completions\n{"model":"m"}');
    expect(keyOf({ ...recording(null), request: null })).toBeNull();
  });
});

describe('cassetteName', () => {
  const key = cassetteKey('POST', 'https://api.openai.com/v1/chat/completions', { model: 'gpt-4o-mini', stream: true });

  it('names the method, the path’s last two words (versions left out) and 16 hex digits of the key’s SHA-256; the second exchange gets -2', () => {
    expect(cassetteName(key, 0)).toBe('POST-chat-completions-6958091ad9d073c9.ssrec.jsonl');
    expect(cassetteName(key, 1)).toBe('POST-chat-completions-6958091ad9d073c9-2.ssrec.jsonl');
  });

  it('names the root "root", and turns characters a file name cannot hold into dashes', () => {
    expect(cassetteName(cassetteKey('GET', 'https://api.openai.com/', null), 0)).toBe('GET-root-3cf692c8074fd9c0.ssrec.jsonl');
    expect(cassetteName(cassetteKey('GET', 'https://api.openai.com/v1/models/gpt-4o?x=1', null), 0)).toBe('GET-models-gpt-4o-af303a75d73cf0cc.ssrec.jsonl');
    expect(cassetteName(cassetteKey('GET', 'https://h/v1/a%20b/c:d', null), 0)).toMatch(/^GET-a-20b-c-d-[0-9a-f]{16}\.ssrec\.jsonl$/);
  });
});

describe('cassette files', () => {
  it('are written redacted: the key appears nowhere in the file, its masked form does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    const file = await writeCassette(join(dir, 'new'), recording({ model: 'm' }, `data: {"echo":"${KEY}"}\n\n`), 0);
    const text = readFileSync(join(dir, 'new', file), 'utf8');
    expect(file).toBe(cassetteName(keyOf(recording({ model: 'm' }))!, 0));
    expect(text).not.toContain(KEY.slice(8, 40));
    expect(text).toContain(`Bearer sk-proj-…${KEY.slice(-4)}`);
  });

  it('refuse a recording without its request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    await expect(writeCassette(dir, { ...recording(null), request: null }, 0)).rejects.toThrow('a cassette needs the exchange’s request');
  });

  it('load in the order they were recorded: the first, then -2 … -9, -10', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    for (const index of [9, 0, 1, 8]) await writeCassette(dir, recording({ model: 'm' }, `data: ${index + 1}\n\n`), index);
    const { cassettes, problems } = await loadCassettes(dir);
    expect(problems).toEqual([]);
    expect(cassettes.map((cassette) => new TextDecoder().decode(cassette.recording.reads[0]!.bytes))).toEqual(['data: 1\n\n', 'data: 2\n\n', 'data: 9\n\n', 'data: 10\n\n']);
  });

  it('of a missing folder are none; a file that cannot be read is reported by name, the others still load', async () => {
    expect(await loadCassettes(join(tmpdir(), 'streamscope-no-such-folder-4c1d'))).toEqual({ cassettes: [], problems: [] });
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    await writeCassette(dir, recording({ model: 'm' }), 0);
    writeFileSync(join(dir, 'broken.ssrec.jsonl'), 'not json\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a cassette');
    const { cassettes, problems } = await loadCassettes(dir);
    expect(cassettes.map((cassette) => cassette.file)).toEqual(readdirSync(dir).filter((name) => name.startsWith('POST-')));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^broken\.ssrec\.jsonl: /);
  });
});

describe('a cassette folder a hostile repository planted', () => {
  const cassetteFile = cassetteName(keyOf(recording({ model: 'm' }))!, 0);

  it('record mode replaces a symbolic link at a cassette’s name; the file it pointed to, outside the folder, is untouched', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'streamscope-outside-'));
    writeFileSync(join(outside, 'authorized_keys'), 'ssh-ed25519 AAAA user@host\n');
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    symlinkSync(join(outside, 'authorized_keys'), join(dir, cassetteFile));
    expect(await writeCassette(dir, recording({ model: 'm' }), 0)).toBe(cassetteFile);
    expect(readFileSync(join(outside, 'authorized_keys'), 'utf8')).toBe('ssh-ed25519 AAAA user@host\n');
    expect(lstatSync(join(dir, cassetteFile)).isFile()).toBe(true);
    expect(readdirSync(dir)).toEqual([cassetteFile]);
  });

  it('loading refuses a symbolic link by name and never follows it; the regular cassettes still load', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'streamscope-outside-'));
    await writeCassette(outside, recording({ model: 'elsewhere' }), 0);
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    await writeCassette(dir, recording({ model: 'm' }), 0);
    symlinkSync(join(outside, readdirSync(outside)[0]!), join(dir, 'linked.ssrec.jsonl'));
    const { cassettes, problems } = await loadCassettes(dir);
    expect(cassettes.map((cassette) => cassette.file)).toEqual([cassetteFile]);
    expect(problems).toEqual(['linked.ssrec.jsonl: is a symbolic link, not a cassette file (links are not followed)']);
    expect(readlinkSync(join(dir, 'linked.ssrec.jsonl'))).toBe(join(outside, readdirSync(outside)[0]!));
  });

  it('loading refuses a FIFO at once instead of waiting for a writer that never comes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    execFileSync('mkfifo', [join(dir, 'pipe.ssrec.jsonl')]);
    const started = performance.now();
    expect(await loadCassettes(dir)).toEqual({ cassettes: [], problems: ['pipe.ssrec.jsonl: is not a regular file (a FIFO, a device or a socket), so it is not opened'] });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('loading refuses a link to a device (/dev/urandom) without reading a byte of it, and a folder without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    symlinkSync('/dev/urandom', join(dir, 'random.ssrec.jsonl'));
    mkdirSync(join(dir, 'folder.ssrec.jsonl'));
    expect(await loadCassettes(dir)).toEqual({
      cassettes: [],
      problems: ['folder.ssrec.jsonl: is a folder, not a cassette file', 'random.ssrec.jsonl: is a symbolic link, not a cassette file (links are not followed)'],
    });
  });

  it('loading refuses a cassette larger than the import’s bound, unread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    // Sparse: no disk is used for the 256 MiB that are never read.
    writeFileSync(join(dir, 'huge.ssrec.jsonl'), '');
    truncateSync(join(dir, 'huge.ssrec.jsonl'), MAX_INPUT_BYTES + 1);
    expect(await loadCassettes(dir)).toEqual({ cassettes: [], problems: ['huge.ssrec.jsonl: 268,435,457 bytes, more than the 256 MiB Streamscope reads'] });
  });

  it('record mode refuses to write over the cassette of another request that has the same name, and leaves that cassette as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    // Two requests whose digests collide, simulated: the other request's cassette sits at this request's name.
    const other = serializeSsrec(recording({ model: 'other' }, 'data: other\n\n'));
    writeFileSync(join(dir, cassetteFile), other);
    await expect(writeCassette(dir, recording({ model: 'm' }), 0)).rejects.toThrow(
      `cannot write the cassette ${cassetteFile} in ${dir}: it holds another request (POST /v1/chat/completions) whose name is the same; neither is written over. Move that file away to record this one.`,
    );
    expect([readdirSync(dir), readFileSync(join(dir, cassetteFile), 'utf8')]).toEqual([[cassetteFile], other]);
  });

  it('two requests whose names collide (an injected name) stay two cassettes: one is written, the other refused, none merged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    const colliding = (): string => 'POST-chat-completions-0000000000000000.ssrec.jsonl';
    await writeCassette(dir, recording({ model: 'a' }, 'data: a\n\n'), 0, colliding);
    await expect(writeCassette(dir, recording({ model: 'b' }, 'data: b\n\n'), 0, colliding)).rejects.toThrow('it holds another request');
    const { cassettes, problems } = await loadCassettes(dir);
    expect([problems, cassettes.map((cassette) => cassette.key)]).toEqual([[], ['POST /v1/chat/completions\n{"model":"a"}']]);
  });

  it('recording the same request again overwrites its cassette, leaving no temporary file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    await writeCassette(dir, recording({ model: 'm' }, 'data: first\n\n'), 0);
    await writeCassette(dir, recording({ model: 'm' }, 'data: second\n\n'), 0);
    const { cassettes } = await loadCassettes(dir);
    expect([readdirSync(dir), cassettes.map((cassette) => new TextDecoder().decode(cassette.recording.reads[0]!.bytes))]).toEqual([[cassetteFile], ['data: second\n\n']]);
  });

  it('a cassette named by the older 32-bit hash still loads, matched by its own request, in its exchange order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-cassettes-'));
    writeFileSync(join(dir, 'POST-chat-completions-273c59e0-2.ssrec.jsonl'), serializeSsrec(recording({ model: 'm' }, 'data: 2\n\n')));
    writeFileSync(join(dir, 'POST-chat-completions-273c59e0.ssrec.jsonl'), serializeSsrec(recording({ model: 'm' }, 'data: 1\n\n')));
    const { cassettes, problems } = await loadCassettes(dir);
    expect(problems).toEqual([]);
    expect(cassettes.map((cassette) => [cassette.key, new TextDecoder().decode(cassette.recording.reads[0]!.bytes)])).toEqual([
      ['POST /v1/chat/completions\n{"model":"m"}', 'data: 1\n\n'],
      ['POST /v1/chat/completions\n{"model":"m"}', 'data: 2\n\n'],
    ]);
  });
});

describe('CassetteShelf', () => {
  const cassette = (file: string, key: string): Cassette => ({ file, key, recording: recording(null) });

  it('hands a key’s cassettes out one by one, then the last again; another key has its own count', () => {
    const shelf = new CassetteShelf([cassette('a', 'K'), cassette('b', 'K'), cassette('c', 'L')]);
    expect(['K', 'K', 'K', 'L', 'L'].map((key) => shelf.next(key)?.file)).toEqual(['a', 'b', 'b', 'c', 'c']);
    expect(shelf.next('M')).toBeNull();
    expect([shelf.size, shelf.files]).toEqual([3, ['a', 'b', 'c']]);
  });

  it('takes a cassette added later (auto mode) for a key it had none for', () => {
    const shelf = new CassetteShelf([]);
    expect(shelf.next('K')).toBeNull();
    shelf.add(cassette('k', 'K'));
    expect(shelf.next('K')?.file).toBe('k');
  });
});
