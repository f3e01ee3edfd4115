// HTTP/1.1 chunked transfer coding (RFC 9112 §7.1), undone block by block: curl's trace shows
// the bytes as they came off the connection, chunk sizes and all. Works on the bytes of an
// ASCII trace too, where a CR or LF of the framing may show as "." (an unknown byte).

export interface Dechunked {
  /** The body bytes each block carried (empty for a block of framing only). */
  readonly pieces: Uint8Array[];
  readonly dots: Uint8Array[];
  /** Per piece, the offsets where a chunk's data begins: bytes on either side were not next to each other on the wire. */
  readonly seams: number[][];
  /** Whether the last chunk (size 0) arrived. */
  readonly complete: boolean;
  /** What broke the framing, or null. */
  readonly error: string | null;
}

const CR = 0x0d;
const LF = 0x0a;

type State = 'size' | 'size-lf' | 'ext' | 'data' | 'data-cr' | 'data-lf' | 'trailer' | 'done';

export function dechunk(blocks: readonly { bytes: Uint8Array; dots: Uint8Array | null }[]): Dechunked {
  let state: State = 'size';
  let size = 0;
  let digits = 0;
  let left = 0;
  let size0 = 0;
  let trailerLine = 0;
  let doneOnDot = false;
  const pieces: Uint8Array[] = [];
  const dotsOut: Uint8Array[] = [];
  const seams: number[][] = [];
  const lineEnd = (byte: number, dot: boolean, want: number) => byte === want || dot;

  for (let b = 0; b < blocks.length; b++) {
    const { bytes, dots } = blocks[b]!;
    const out: number[] = [];
    const outDots: number[] = [];
    const pieceSeams: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      const dot = dots !== null && dots[i] === 1;
      switch (state) {
        case 'size': {
          const value = hexValue(byte);
          if (value >= 0 && !dot) {
            size = size * 16 + value;
            digits++;
            if (size > Number.MAX_SAFE_INTEGER / 16) return broken(pieces, dotsOut, 'a chunk size too large');
          } else if (digits > 0 && lineEnd(byte, dot, CR)) state = 'size-lf';
          else if (digits > 0 && (byte === 0x3b || byte === 0x20 || byte === 0x09)) state = 'ext';
          else return broken(pieces, dotsOut, `expected a chunk size, found byte 0x${byte.toString(16).padStart(2, '0')}`);
          break;
        }
        case 'ext':
          if (lineEnd(byte, dot, CR) && (byte === CR || dot)) state = 'size-lf';
          break;
        case 'size-lf':
          if (!lineEnd(byte, dot, LF)) return broken(pieces, dotsOut, 'a chunk size line without its CR LF');
          if (size === 0) {
            state = 'trailer';
            trailerLine = 0;
          } else {
            state = 'data';
            left = size;
            size0 = size;
          }
          size = 0;
          digits = 0;
          break;
        case 'data':
          if (left === size0 && out.length > 0) pieceSeams.push(out.length);
          out.push(byte);
          outDots.push(dot ? 1 : 0);
          if (--left === 0) state = 'data-cr';
          break;
        case 'data-cr':
          if (!lineEnd(byte, dot, CR)) return broken(pieces, dotsOut, 'a chunk not followed by CR LF');
          state = 'data-lf';
          break;
        case 'data-lf':
          if (!lineEnd(byte, dot, LF)) return broken(pieces, dotsOut, 'a chunk not followed by CR LF');
          state = 'size';
          break;
        case 'trailer':
          // Trailer fields, then an empty line (RFC 9112 §7.1.2).
          if (lineEnd(byte, dot, LF) && (byte === LF || dot)) {
            if (trailerLine === 0) {
              state = 'done';
              doneOnDot = dot;
            }
            trailerLine = 0;
          } else if (!(byte === CR && !dot)) trailerLine++;
          break;
        case 'done':
          // A "." taken for the final LF may have been its CR, cut from the LF by the end of a block: the LF follows.
          if (doneOnDot && (byte === LF || dot)) {
            doneOnDot = false;
            break;
          }
          return broken(pieces, dotsOut, 'bytes after the last chunk');
      }
    }
    pieces.push(Uint8Array.from(out));
    dotsOut.push(Uint8Array.from(outDots));
    seams.push(pieceSeams);
  }
  return { pieces, dots: dotsOut, seams, complete: state === 'done' || state === 'trailer', error: null };
}

function broken(pieces: Uint8Array[], dots: Uint8Array[], error: string): Dechunked {
  return { pieces, dots, seams: [], complete: false, error: `chunked framing broken: ${error}` };
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  return -1;
}

/**
 * Whether a chunked body's first bytes are a chunk size line: curl builds that log the framing, and
 * ones that log the data alone. The size line may end in a later block than it starts: a server
 * that sends the size apart from its CR LF shows as a block of hex digits alone.
 */
export function startsWithChunkSize(blocks: readonly { bytes: Uint8Array; dots: Uint8Array | null }[]): boolean {
  let digits = 0;
  for (const { bytes, dots } of blocks) {
    for (let i = 0; i < bytes.length; i++) {
      const dot = dots !== null && dots[i] === 1;
      if (!dot && hexValue(bytes[i]!) >= 0) {
        digits++;
        continue;
      }
      const next = bytes[i]!;
      return digits > 0 && (next === CR || next === 0x3b || dot);
    }
  }
  return false;
}
