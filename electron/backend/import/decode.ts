// Undoing a content-encoding read by read: the stored body is the decoded one, as the recorder
// stores it (DESIGN.md, "compressed-stream"), and a decoded piece keeps the time of the encoded
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

export function canDecode(encoding: string): boolean {
  return decoderFor(encoding) !== null;
}

/** Decodes the reads in order; a decoded piece takes the time of the read it came out of. */
export async function decodeReads(reads: readonly RecordedRead[], encoding: string): Promise<Decoded> {
  const decoder = decoderFor(encoding);
  if (!decoder) throw new RangeError(`cannot decode content-encoding ${encoding}`);
  const { stream, flush } = decoder;
  let pieces: Buffer[] = [];
  let failure: Error | null = null;
  stream.on('data', (piece: Buffer) => pieces.push(piece));
  stream.on('error', (error: Error) => (failure ??= error));
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
      stream.write(read.bytes);
      (stream as Transform & { flush(kind: number, callback: () => void): void }).flush(flush, () => resolve());
    });
    // The pieces the flush pushed reach 'data' by the next turn of the loop.
    await nextTurn();
    take(read.t);
  }
  if (!failure) {
    await new Promise<void>((resolve) => {
      stream.once('end', resolve);
      stream.once('error', () => resolve());
      stream.end();
    });
  }
  take(reads.at(-1)?.t ?? null);
  const error: Error | null = failure;
  return { reads: out, error: error ? `cannot decode ${encoding}: ${(error as Error).message}` : null };
}

/** The end of a recording whose body could not be decoded to its end. */
export function decodeFailure(end: RecordedEnd | null, error: string | null): RecordedEnd | null {
  if (!error || (end && end.outcome !== 'eof')) return end;
  return { t: end?.t ?? null, outcome: 'error', error };
}
