// Undoing a content-encoding read by read: the stored body is the decoded one, as the recorder
// stores it (docs/diagnostics.md, `compressed-stream`), and a decoded piece keeps the time of the encoded
// read that completed it.

import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { RecordedEnd, RecordedRead } from '../../../shared/index.ts';

export interface Decoded {
  readonly reads: RecordedRead[];
  /** Why decoding stopped early (a stream cut mid-way), or null. */
  readonly error: string | null;
}

/** The decoder of an HTTP content-coding, or null for one we cannot decode. */
function decoderFor(encoding: string): { stream: Transform; flush: number } | null {
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return { stream: createGunzip(), flush: constants.Z_SYNC_FLUSH };
    case 'deflate':
      return { stream: createInflate(), flush: constants.Z_SYNC_FLUSH };
    case 'br':
      return { stream: createBrotliDecompress(), flush: constants.BROTLI_OPERATION_FLUSH };
    default:
      return null;
  }
}

/**
 * What a compressed body may inflate to: a gzip bomb of a few MB inflates to gigabytes (issue 17,
 * "Decompression bombs"). Past it decoding stops and the recording ends in error with this reason.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export function inflationCapError(encoding: string, maxBytes: number = MAX_INFLATED_BYTES): string {
  return `the ${encoding} body inflates to more than ${maxBytes / (1024 * 1024)} MiB (Streamscope's cap): decoding stopped there`;
}

export function canDecode(encoding: string): boolean {
  return decoderFor(encoding) !== null;
}

/** Decodes the reads in order; a decoded piece takes the time of the read it came out of. */
export async function decodeReads(reads: readonly RecordedRead[], encoding: string, maxBytes: number = MAX_INFLATED_BYTES): Promise<Decoded> {
  const decoder = decoderFor(encoding);
  if (!decoder) throw new RangeError(`cannot decode content-encoding ${encoding}`);
  const { stream, flush } = decoder;
  let pieces: Buffer[] = [];
  let failure: string | null = null;
  let inflated = 0;
  // Resolves the read being decoded: a flush past the cap is not waited for (it would run to its end).
  let settle: (() => void) | null = null;
  stream.on('data', (piece: Buffer) => {
    if (failure) return;
    inflated += piece.length;
    if (inflated > maxBytes) {
      failure = inflationCapError(encoding, maxBytes);
      stream.destroy();
      settle?.();
      return;
    }
    pieces.push(piece);
  });
  stream.on('error', (error: Error) => (failure ??= `cannot decode ${encoding}: ${error.message}`));
  const out: RecordedRead[] = [];
  const take = (t: number | null) => {
    if (pieces.length === 0) return;
    const bytes = Buffer.concat(pieces);
    pieces = [];
    out.push({ t, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  };

  for (const read of reads) {
    if (failure) break;
    await new Promise<void>((resolve) => {
      settle = resolve;
      stream.write(read.bytes);
      (stream as Transform & { flush(kind: number, callback: () => void): void }).flush(flush, () => resolve());
    });
    // The pieces the flush pushed reach 'data' by the next turn of the loop.
    await nextTurn();
    take(read.t);
  }
  if (!failure) {
    await new Promise<void>((resolve) => {
      settle = resolve;
      stream.once('end', resolve);
      stream.once('error', () => resolve());
      stream.end();
    });
  }
  take(reads.at(-1)?.t ?? null);
  return { reads: out, error: failure };
}

/** The end of a recording whose body could not be decoded to its end. */
export function decodeFailure(end: RecordedEnd | null, error: string | null): RecordedEnd | null {
  if (!error || (end && end.outcome !== 'eof')) return end;
  return { t: end?.t ?? null, outcome: 'error', error };
}
