// The import view's state: one line per file picked or dropped, from reading through sending to
// the ids it became or the backend's reason it is not a recording. Pure, so the words are tested.

import { detectFormat } from '../../shared/formats/detect.ts';
import type { FileFormat } from '../../shared/formats/detect.ts';
import { formatBytes } from '../components/format.ts';

export type ImportStage = 'waiting' | 'reading' | 'sending' | 'imported' | 'failed';

export interface ImportItem {
  /** Unique on the page (two files may share a name). */
  readonly key: number;
  readonly name: string;
  readonly size: number;
  readonly stage: ImportStage;
  /** Bytes read so far (reading). */
  readonly loaded: number;
  /** What the file looks like, once read (the backend decides; this only words the line). */
  readonly kind: FileFormat | null;
  readonly ids: readonly number[];
  readonly error: string | null;
}

export type ImportAction =
  | { readonly type: 'added'; readonly files: readonly { readonly key: number; readonly name: string; readonly size: number }[] }
  | { readonly type: 'reading'; readonly key: number; readonly loaded: number }
  | { readonly type: 'sending'; readonly key: number; readonly bytes: Uint8Array }
  | { readonly type: 'imported'; readonly key: number; readonly ids: readonly number[] }
  | { readonly type: 'failed'; readonly key: number; readonly message: string }
  /** Forgets the lines that are done (imported or failed). */
  | { readonly type: 'cleared' };

export function importReducer(items: readonly ImportItem[], action: ImportAction): readonly ImportItem[] {
  switch (action.type) {
    case 'added':
      return [...items, ...action.files.map((file) => ({ ...file, stage: 'waiting' as const, loaded: 0, kind: null, ids: [], error: null }))];
    case 'reading':
      return update(items, action.key, { stage: 'reading', loaded: action.loaded });
    case 'sending':
      return update(items, action.key, (item) => ({ stage: 'sending', loaded: item.size, kind: detectFormat(item.name, action.bytes) }));
    case 'imported':
      return update(items, action.key, { stage: 'imported', ids: action.ids });
    case 'failed':
      return update(items, action.key, (item) => ({ stage: 'failed', error: failureWords(item.name, action.message) }));
    case 'cleared':
      return items.filter((item) => !isDone(item));
  }
}

export function isDone(item: ImportItem): boolean {
  return item.stage === 'imported' || item.stage === 'failed';
}

function update(items: readonly ImportItem[], key: number, change: Partial<ImportItem> | ((item: ImportItem) => Partial<ImportItem>)): readonly ImportItem[] {
  return items.map((item) => (item.key === key ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item));
}

const KIND_WORDS: Record<FileFormat, string> = {
  sse: 'an SSE body',
  ssrec: 'a timed recording',
  har: 'a HAR file',
  curl: 'a curl trace',
};

/** The kind of file, as the result line names it ("a HAR file"). */
export function kindWords(kind: FileFormat): string {
  return KIND_WORDS[kind];
}

/**
 * The backend's one-line reason, without what the result line already shows: the call's name
 * (`importFile: `) and the file's own name, which the backend puts first.
 */
export function failureWords(name: string, message: string): string {
  let words = message.replace(/^importFile: /, '');
  const base = name.split(/[\\/]/).pop() ?? name;
  for (const prefix of [`${name}: `, `${base}: `]) {
    if (words.startsWith(prefix)) {
      words = words.slice(prefix.length);
      break;
    }
  }
  return words === '' ? message : words;
}

/** What the line says while the file is on its way. */
export function progressWords(item: ImportItem): string {
  switch (item.stage) {
    case 'waiting':
      return `waiting (${formatBytes(item.size)})`;
    case 'reading':
      return `reading ${percent(item.loaded, item.size)} (${formatBytes(item.loaded)} of ${formatBytes(item.size)})`;
    case 'sending':
      return `sending ${formatBytes(item.size)}${item.kind ? ` as ${kindWords(item.kind)}` : ''}…`;
    case 'imported':
      return importedWords(item.ids.length);
    case 'failed':
      return item.error ?? 'failed';
  }
}

/** The words before the ids' links: "imported as" #12, or "imported 3 recordings:" #12, #13, #14. */
export function importedWords(count: number): string {
  if (count === 0) return 'nothing to import';
  return count === 1 ? 'imported as' : `imported ${count} recordings:`;
}

function percent(loaded: number, size: number): string {
  return size === 0 ? '100 %' : `${Math.floor((loaded / size) * 100)} %`;
}
