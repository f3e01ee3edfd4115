// Importing files into the store: `.sse` bodies, `.ssrec.jsonl`, HAR files and curl traces
// (shared/formats parses them; this reads the files, decodes compressed bodies, and stores).
// All or nothing: a file that fails, or one recording of it, leaves the store as it was.

import { basename } from 'node:path';
import { readRecordingsFile } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import type { Store } from '../store/index.ts';
import { canDecode, decodeFailure, decodeReads } from './decode.ts';
import { whyNotAStream } from './not-a-stream.ts';
import { readInputFile } from './read-input.ts';
import { maskEchoedSecrets } from '../../../shared/recording/secrets/echoes.ts';

export interface ImportFileOptions {
  /** The name of every recording made; default: the file's name (with the entry, for a file of several). */
  readonly name?: string | null;
  readonly tags?: readonly string[];
}

/** One recording read from a file, ready to store. */
export interface ImportedRecording {
  readonly file: string;
  /** "entry 3", "exchange 2" for a file of several; null otherwise. */
  readonly part: string | null;
  readonly recording: Recording;
}

/** A file that cannot be imported: the message names the file and what is wrong with it, in one line. */
export class ImportError extends Error {
  override name = 'ImportError';
}

/** Reads a file's recordings (decoding compressed bodies), without storing anything. */
export async function readImportFile(path: string): Promise<ImportedRecording[]> {
  const read = await readInputFile(path);
  if (!read.ok) throw new ImportError(`${path}: cannot read it (${read.error})`);
  return readImportBytes(path, read.bytes);
}

/** Reads the recordings of a file's bytes (a file picked in the UI); `path` names it in messages and helps detect its format. */
export async function readImportBytes(path: string, bytes: Uint8Array): Promise<ImportedRecording[]> {
  if (bytes.length === 0) throw new ImportError(`${path}: the file is empty`);
  const notAStream = whyNotAStream(path, bytes, 'import');
  if (notAStream !== null) throw new ImportError(`${path}: ${notAStream}`);
  const parsed = readRecordingsFile(path, bytes);
  if (!parsed.ok) throw new ImportError(`${path}: ${parsed.error}`);
  const out: ImportedRecording[] = [];
  for (const { recording, part, encoded } of parsed.value) {
    let stored = recording;
    if (encoded) {
      if (!canDecode(encoded)) throw new ImportError(`${path}: ${part ? `${part}: ` : ''}the response is encoded with ${encoded}, which Streamscope cannot decode`);
      const decoded = await decodeReads(recording.reads, encoded);
      stored = { ...recording, reads: decoded.reads, end: decodeFailure(recording.end, decoded.error) };
    }
    // A key the file's request carries, echoed in its response: masked before it can be stored (after decoding, where the text is).
    out.push({ file: path, part, recording: maskEchoedSecrets(stored) });
  }
  return out;
}

/** Imports files in one transaction; returns the ids created, in order. Nothing is stored when any file fails. */
export async function importFiles(store: Store, paths: readonly string[], options: ImportFileOptions = {}): Promise<(ImportedRecording & { id: number })[]> {
  const read: ImportedRecording[] = [];
  for (const path of paths) for (const item of await readImportFile(path)) read.push(item);
  return storeImported(store, read, options);
}

/** Imports a file's bytes (what the UI sends); returns the ids created, in order, or throws an ImportError and stores nothing. */
export async function importBytes(store: Store, name: string, bytes: Uint8Array, options: ImportFileOptions = {}): Promise<number[]> {
  return storeImported(store, await readImportBytes(name, bytes), options).map((item) => item.id);
}

function storeImported(store: Store, read: readonly ImportedRecording[], options: ImportFileOptions): (ImportedRecording & { id: number })[] {
  const ids = store.importRecordings(
    read.map((item) => {
      const name = options.name ?? basename(item.file);
      return { recording: item.recording, options: { name: item.part ? `${name} (${item.part})` : name, tags: options.tags ?? [] } };
    }),
  );
  return read.map((item, i) => ({ ...item, id: ids[i]! }));
}

/** Imports one file: a HAR with three streamed entries gives three ids, or none. */
export async function importFile(store: Store, path: string, options: ImportFileOptions = {}): Promise<number[]> {
  return (await importFiles(store, [path], options)).map((item) => item.id);
}
