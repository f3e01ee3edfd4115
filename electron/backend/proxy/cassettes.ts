// Record once, replay in CI (issue 18): captured exchanges written as `.ssrec.jsonl` cassettes to
// a folder a project commits, and answered from it later with no network. A request matches a
// cassette by method, upstream path and query (secrets redacted) and body (JSON compared by
// value, key order aside). The same request asked again gets its next cassette, then the last
// one again: a test that retries replays its retries.
//
// A cassette folder is committed and cloned, so a hostile repository may plant anything at a
// cassette's name: a file is read only if it is a regular one (no link is followed, no FIFO or
// device opened) within the import's size bound, and written by a temporary file renamed over
// the name (a link there is replaced, never written through).

import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readInputFile } from '../import/read-input.ts';
import { parseSsrec, serializeSsrec } from '../../../shared/formats/ssrec.ts';
import { redactRecording } from '../../../shared/recording/secrets/redact.ts';
import type { Recording } from '../../../shared/recording/types.ts';

export const CASSETTE_EXTENSION = '.ssrec.jsonl';

export interface Cassette {
  readonly file: string;
  readonly key: string;
  readonly recording: Recording;
}

/** JSON with its object keys sorted: two bodies that differ only in key order are one request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a request is matched by: its method, its upstream URL's path and query (redacted), its body. */
export function cassetteKey(method: string, redactedUrl: string, body: unknown): string {
  let pathAndQuery = redactedUrl;
  try {
    const url = new URL(redactedUrl);
    pathAndQuery = url.pathname + url.search;
  } catch {
    // An unparsable URL is matched as it is.
  }
  return `${method.toUpperCase()} ${pathAndQuery}\n${canonicalJson(body)}`;
}

/** The key's SHA-256, its first 64 bits in hex: a short, stable name (two keys that share one are refused, not merged: writeCassette). */
function digest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16);
}

/** `POST-chat-completions-1a2b3c4d5e6f7a8b.ssrec.jsonl`, `…-2.ssrec.jsonl` for the same request's second exchange. */
export function cassetteName(key: string, index: number): string {
  const [line] = key.split('\n');
  const [method, path = ''] = line!.split(' ');
  const words = path
    .split('?')[0]!
    .split('/')
    .filter((part) => part !== '' && !/^v\d+$/.test(part))
    .slice(-2)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 60);
  return `${method}-${words || 'root'}-${digest(key)}${index > 0 ? `-${index + 1}` : ''}${CASSETTE_EXTENSION}`;
}

export function keyOf(recording: Recording): string | null {
  return recording.request ? cassetteKey(recording.request.method, recording.request.url, recording.request.body) : null;
}

/** The cassettes of a folder (a missing folder holds none); files that cannot be read are reported, not fatal. */
export async function loadCassettes(dir: string): Promise<{ cassettes: Cassette[]; problems: string[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(CASSETTE_EXTENSION)).sort(byNumber);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { cassettes: [], problems: [] };
    throw error;
  }
  const cassettes: Cassette[] = [];
  const problems: string[] = [];
  for (const file of names) {
    const read = await readCassetteFile(join(dir, file));
    if (!read.ok) {
      problems.push(`${file}: ${read.error}`);
      continue;
    }
    const parsed = parseSsrec(new TextDecoder().decode(read.bytes));
    if (!parsed.ok) {
      problems.push(`${file}: ${parsed.error}`);
      continue;
    }
    const recording = redactRecording(parsed.value);
    const key = keyOf(recording);
    // Matched by the key its own request makes, not by its name: a cassette named by the older 32-bit hash still loads.
    if (key === null) problems.push(`${file}: it has no request line, so no request can match it`);
    else cassettes.push({ file, key, recording });
  }
  return { cassettes, problems };
}

/** A cassette's bytes: a regular file only, looked at before it is opened (a link is not followed), within the import's bound. */
async function readCassetteFile(path: string): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; error: string }> {
  try {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return { ok: false, error: 'is a symbolic link, not a cassette file (links are not followed)' };
    if (stat.isDirectory()) return { ok: false, error: 'is a folder, not a cassette file' };
    if (!stat.isFile()) return { ok: false, error: 'is not a regular file (a FIFO, a device or a socket), so it is not opened' };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  // The import's reader opens without blocking and checks again what it opened: a name swapped meanwhile is still refused.
  return readInputFile(path);
}

/** `a-2.ssrec.jsonl` after `a.ssrec.jsonl`, `a-10` after `a-9`: the order the exchanges happened in. */
function byNumber(a: string, b: string): number {
  const [stemA, nA] = ordinalOf(a);
  const [stemB, nB] = ordinalOf(b);
  return stemA < stemB ? -1 : stemA > stemB ? 1 : nA - nB;
}

/** A cassette name's stem (through its digest) and its exchange's number: 1 for `…-1a2b3c4d5e6f7a8b.ssrec.jsonl`, 2 for `…-2.ssrec.jsonl` (8 hex digits: the older names). */
function ordinalOf(name: string): [string, number] {
  const match = /^(.*-(?:[0-9a-f]{16}|[0-9a-f]{8}))(?:-(\d+))?\.ssrec\.jsonl$/.exec(name);
  return match ? [match[1]!, match[2] === undefined ? 1 : Number(match[2])] : [name, 1];
}

/**
 * Writes a cassette (redacted: no key reaches a file); returns its file name. A cassette of
 * another request already at that name (two keys with one digest) is a refusal: the two are
 * never merged into one file, nor one lost under the other.
 */
export async function writeCassette(dir: string, recording: Recording, index: number, name: (key: string, index: number) => string = cassetteName): Promise<string> {
  const redacted = redactRecording(recording);
  const key = keyOf(redacted);
  if (key === null) throw new Error('a cassette needs the exchange’s request');
  const file = name(key, index);
  const path = join(dir, file);
  await mkdir(dir, { recursive: true });
  const held = await heldKey(path);
  if (held !== null && held !== key) {
    throw new Error(`cannot write the cassette ${file} in ${dir}: it holds another request (${held.split('\n')[0]}) whose name is the same; neither is written over. Move that file away to record this one.`);
  }
  // Exclusive create ('wx') of a name of our own, then a rename over the cassette's: a link planted at either is never followed.
  const temporary = join(dir, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, serializeSsrec(redacted), { flag: 'wx' });
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  return file;
}

/** The key of the cassette a regular file at `path` holds; null when there is none there (or it is no cassette to keep). */
async function heldKey(path: string): Promise<string | null> {
  const read = await readCassetteFile(path);
  if (!read.ok) return null;
  const parsed = parseSsrec(new TextDecoder().decode(read.bytes));
  return parsed.ok ? keyOf(redactRecording(parsed.value)) : null;
}

/** The cassettes by key, each key's in order; `next` hands them out one by one, then the last again. */
export class CassetteShelf {
  readonly #byKey = new Map<string, Cassette[]>();
  readonly #served = new Map<string, number>();
  readonly #files: string[] = [];

  constructor(cassettes: readonly Cassette[]) {
    for (const cassette of cassettes) this.add(cassette);
  }

  add(cassette: Cassette): void {
    const list = this.#byKey.get(cassette.key) ?? [];
    list.push(cassette);
    this.#byKey.set(cassette.key, list);
    this.#files.push(cassette.file);
  }

  next(key: string): Cassette | null {
    const list = this.#byKey.get(key);
    if (!list) return null;
    const served = this.#served.get(key) ?? 0;
    this.#served.set(key, served + 1);
    return list[Math.min(served, list.length - 1)]!;
  }

  get size(): number {
    return this.#files.length;
  }

  get files(): readonly string[] {
    return this.#files;
  }
}
