// Which format a file is in: by its name first, then by its first bytes.

import type { Recording } from '../recording/types.ts';
import { utf8Lossy, utf8OrNull } from './bytes.ts';
import { looksLikeCurlTrace, parseCurlTrace } from './curl-trace.ts';
import { parseHar } from './har.ts';
import { recordingFromSse } from './sse.ts';
import { parseSsrec } from './ssrec.ts';
import type { ParseResult } from './ssrec.ts';

export type FileFormat = 'ssrec' | 'sse' | 'har' | 'curl';

export function detectFormat(name: string, bytes: Uint8Array): FileFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ssrec')) return 'ssrec';
  if (lower.endsWith('.sse')) return 'sse';
  if (lower.endsWith('.har')) return 'har';
  if (lower.endsWith('.trace')) return 'curl';
  // An SSE body starts with a field name or a colon; a timed recording with a JSON object; a HAR
  // with {"log": …}; a curl trace with an Info, Send or Recv line.
  const head = utf8Lossy(bytes.subarray(0, 256)).replace(/^\uFEFF/, '').trimStart();
  // People name both bodies and traces .txt or .log (`curl --trace-ascii trace.txt`).
  if (lower.endsWith('.txt') || lower.endsWith('.log')) return looksLikeCurlTrace(head) ? 'curl' : 'sse';
  if (head.startsWith('{"recording"') || head.startsWith('{"t"')) return 'ssrec';
  if (/^\{\s*"log"\s*:/.test(head)) return 'har';
  if (looksLikeCurlTrace(head)) return 'curl';
  return 'sse';
}

/** One recording read from a file. */
export interface FileRecording {
  readonly recording: Recording;
  /** Where in the file it came from ("entry 3" of a HAR, "exchange 2" of a curl trace, counted from 1); null for a file of one recording. */
  readonly part: string | null;
  /** A content-encoding still to undo (a curl trace of a compressed response): the reads hold the encoded bytes. */
  readonly encoded: string | null;
}

/** Reads every recording of a file, whichever format it is in. */
export function readRecordingsFile(name: string, bytes: Uint8Array): ParseResult<FileRecording[]> {
  const format = detectFormat(name, bytes);
  if (format === 'sse') return single(recordingFromSse(bytes));
  if (format === 'curl') {
    const result = parseCurlTrace(utf8Lossy(bytes));
    if (!result.ok) return result;
    const several = result.value.length > 1;
    return { ok: true, value: result.value.map(({ exchange, recording, encoded }) => ({ recording, encoded, part: several ? `exchange ${exchange + 1}` : null })) };
  }
  const text = utf8OrNull(bytes);
  if (text === null) return { ok: false, error: `not valid UTF-8 (${format === 'har' ? 'a HAR file is JSON' : 'a timed recording is JSON Lines text'})` };
  if (format === 'har') {
    const result = parseHar(text);
    if (!result.ok) return result;
    const several = result.value.length > 1;
    return { ok: true, value: result.value.map(({ entry, recording }) => ({ recording, encoded: null, part: several ? `entry ${entry + 1}` : null })) };
  }
  const result = parseSsrec(text);
  return result.ok ? single(result.value) : result;
}

/** Reads a file's bytes as one recording, whichever format it is in. */
export function readRecordingFile(name: string, bytes: Uint8Array): ParseResult<Recording> {
  const result = readRecordingsFile(name, bytes);
  if (!result.ok) return result;
  if (result.value.length > 1) {
    return { ok: false, error: `holds ${result.value.length} streamed exchanges: import it (streamscope import) and name one by its id` };
  }
  const [{ recording, encoded }] = result.value as [FileRecording];
  if (encoded) return { ok: false, error: `the response is compressed (${encoded}): import it with streamscope import, which decodes it` };
  return { ok: true, value: recording };
}

function single(recording: Recording): ParseResult<FileRecording[]> {
  return { ok: true, value: [{ recording, part: null, encoded: null }] };
}
