// A RECORDING argument: a stored id (as `streamscope list` shows it) or a file (.sse, .ssrec.jsonl).
// A number names a stored recording unless a file of that name exists.

import { existsSync } from 'node:fs';
import { readRecordingFile } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { whyNotAStream } from '../import/not-a-stream.ts';
import { readInputFile } from '../import/read-input.ts';
import { CliError } from './errors.ts';

export interface LoadedRecording {
  readonly recording: Recording;
  /** How to name it in messages and logs: `#12 "name"` or the file path. */
  readonly label: string;
  /** The stored recording's name, or null. */
  readonly name: string | null;
  /** The stored id, or null for a file. */
  readonly id: number | null;
}

/** Loads a RECORDING argument; a missing id or an unreadable file is a CliError naming it. */
export async function loadRecordingArg(spec: string, db: string | undefined): Promise<LoadedRecording> {
  if (/^[0-9]+$/.test(spec) && !existsSync(spec)) return storedRecording(Number(spec), db);
  return { recording: await fileRecording(spec), label: spec, name: null, id: null };
}

export async function fileRecording(file: string): Promise<Recording> {
  const bytes = await readBytes(file);
  const notAStream = whyNotAStream(file, bytes, 'read');
  if (notAStream !== null) throw new CliError(`${file}: ${notAStream}`);
  const parsed = readRecordingFile(file, bytes);
  if (!parsed.ok) throw new CliError(`${file}: ${parsed.error}`);
  return parsed.value;
}

async function storedRecording(id: number, db: string | undefined): Promise<LoadedRecording> {
  const { defaultDbPath, openStore } = await import('../store/index.ts');
  const path = db ?? defaultDbPath();
  let store;
  try {
    store = openStore(path, { mustExist: true });
  } catch (error) {
    throw new CliError(`cannot open the database ${path}: ${(error as Error).message}`);
  }
  try {
    const recording = store.get(id);
    if (!recording) throw new CliError(`no recording ${id} in ${path} (and no file of that name)`);
    return { recording, label: recording.name ? `#${id} "${recording.name}"` : `#${id}`, name: recording.name, id };
  } finally {
    store.close();
  }
}

export async function readBytes(file: string): Promise<Uint8Array> {
  const read = await readInputFile(file);
  if (!read.ok) throw new CliError(`cannot read ${file}: ${read.error}`);
  return read.bytes;
}
