// Record once, replay in CI (issue 18): captured exchanges written as `.ssrec.jsonl` cassettes to
// a folder a project commits, and answered from it later with no network. A request matches a
// cassette by method, upstream path and query (secrets redacted) and body (JSON compared by
// value, key order aside). The same request asked again gets its next cassette, then the last
// one again: a test that retries replays its retries.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSsrec, serializeSsrec } from '../../../shared/formats/ssrec.ts';
import { redactRecording } from '../../../shared/recording/redact.ts';
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

/** FNV-1a, 32 bits, in hex: a short, stable name for a key (not a security measure). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** `POST-chat-completions-1a2b3c4d.ssrec.jsonl`, `…-2.ssrec.jsonl` for the same request's second exchange. */
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
  return `${method}-${words || 'root'}-${hash(key)}${index > 0 ? `-${index + 1}` : ''}${CASSETTE_EXTENSION}`;
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
    const parsed = parseSsrec(await readFile(join(dir, file), 'utf8'));
    if (!parsed.ok) {
      problems.push(`${file}: ${parsed.error}`);
      continue;
    }
    const recording = redactRecording(parsed.value);
    const key = keyOf(recording);
    if (key === null) problems.push(`${file}: it has no request line, so no request can match it`);
    else cassettes.push({ file, key, recording });
  }
  return { cassettes, problems };
}

/** `a-2.ssrec.jsonl` after `a.ssrec.jsonl`, `a-10` after `a-9`: the order the exchanges happened in. */
function byNumber(a: string, b: string): number {
  const [stemA, nA] = ordinalOf(a);
  const [stemB, nB] = ordinalOf(b);
  return stemA < stemB ? -1 : stemA > stemB ? 1 : nA - nB;
}

/** A cassette name's stem (through its hash) and its exchange's number: 1 for `…-1a2b3c4d.ssrec.jsonl`, 2 for `…-1a2b3c4d-2.ssrec.jsonl`. */
function ordinalOf(name: string): [string, number] {
  const match = /^(.*-[0-9a-f]{8})(?:-(\d+))?\.ssrec\.jsonl$/.exec(name);
  return match ? [match[1]!, match[2] === undefined ? 1 : Number(match[2])] : [name, 1];
}

/** Writes a cassette (redacted: no key reaches a file); returns its file name. */
export async function writeCassette(dir: string, recording: Recording, index: number): Promise<string> {
  const redacted = redactRecording(recording);
  const key = keyOf(redacted);
  if (key === null) throw new Error('a cassette needs the exchange’s request');
  const file = cassetteName(key, index);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, file), serializeSsrec(redacted));
  return file;
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
