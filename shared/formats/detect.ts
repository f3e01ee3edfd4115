// Which format a file is in: by its name first, then by its first bytes.

import type { Recording } from '../recording/types.ts';
import { utf8Lossy, utf8OrNull } from './bytes.ts';
import { recordingFromSse } from './sse.ts';
import { parseSsrec } from './ssrec.ts';
import type { ParseResult } from './ssrec.ts';

export type FileFormat = 'ssrec' | 'sse';

export function detectFormat(name: string, bytes: Uint8Array): FileFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ssrec')) return 'ssrec';
  if (lower.endsWith('.sse') || lower.endsWith('.txt')) return 'sse';
  // An SSE body starts with a field name or a colon; a timed recording with a JSON object.
  const head = utf8Lossy(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('{"recording"') || head.startsWith('{"t"') ? 'ssrec' : 'sse';
}

/** Reads a file's bytes as a recording, whichever format it is in. */
export function readRecordingFile(name: string, bytes: Uint8Array): ParseResult<Recording> {
  if (detectFormat(name, bytes) === 'sse') return { ok: true, value: recordingFromSse(bytes) };
  const text = utf8OrNull(bytes);
  if (text === null) return { ok: false, error: 'not valid UTF-8 (a timed recording is JSON Lines text)' };
  return parseSsrec(text);
}
