// The blocks of a curl trace (`--trace FILE` or `--trace-ascii FILE`, with or without
// `--trace-time`), read line by line as the text comes. A block is what curl's debug callback
// printed at once: a header line —
//   11:14:38.120669 => Send header, 215 bytes (0xd7)
//   11:14:38.111927 == Info: Connected to 127.0.0.1 …
// — then, for data, rows of `OFFSET: …`. curl's tool_cb_dbg.c `dump()` writes the rows:
// `--trace` prints 16 bytes a row in hex, then the same bytes as text; `--trace-ascii` prints
// 64 bytes a row as text, breaks the row after a CR LF pair without printing it, and prints every
// byte outside 0x20–0x7F as ".". So a hex trace gives the exact bytes, and an ASCII trace gives
// the exact length and every printable byte, but a "." may stand for any other byte.

export type BlockKind = 'info' | 'send-header' | 'send-data' | 'send-ssl' | 'recv-header' | 'recv-data' | 'recv-ssl';

export interface TraceBlock {
  readonly kind: BlockKind;
  /** Line of the block's header line, from 1. */
  readonly line: number;
  /** Seconds since the midnight of the first stamp (a trace that crosses midnight keeps counting); null without --trace-time. */
  readonly time: number | null;
  /** The Info text, without its line feed; "" for data blocks. */
  readonly text: string;
  readonly bytes: Uint8Array;
  /** ASCII traces: 1 where the trace printed "." (the byte is unknown, `bytes` holds 0x2E); null for a hex trace. */
  readonly dots: Uint8Array | null;
}

export interface BlockReader {
  /** Feeds more of the trace's text, in any pieces. */
  feed(text: string): void;
  /** Ends the text; returns the first error, or null. */
  end(): string | null;
}

const HEADER =
  /^(?:(\d\d):(\d\d):(\d\d)\.(\d{6}) )?(?:\[[0-9a-f]+-[0-9a-f]+\] )?(?:== Info: ?(.*)|(=>|<=) (Send|Recv) (header|data|SSL data), (\d+) bytes \(0x[0-9a-f]+\))$/;
const ROW = /^([0-9a-f]{4,}): (.*)$/;
const HEX_WIDTH = 16;
const ASCII_WIDTH = 64;
const DAY = 86_400;
const HALF_DAY = DAY / 2;

const KINDS: Record<string, BlockKind> = {
  'Send header': 'send-header',
  'Send data': 'send-data',
  'Send SSL data': 'send-ssl',
  'Recv header': 'recv-header',
  'Recv data': 'recv-data',
  'Recv SSL data': 'recv-ssl',
};

interface Pending {
  kind: BlockKind;
  line: number;
  time: number | null;
  text: string;
  size: number;
  rows: { line: number; offset: number; text: string }[];
}

export function createBlockReader(onBlock: (block: TraceBlock) => void): BlockReader {
  let carry = '';
  let lineNo = 0;
  let error: string | null = null;
  let pending: Pending | null = null;
  let hex: boolean | null = null;
  let lastTime: number | null = null;
  let days = 0;

  function fail(message: string): void {
    error ??= message;
  }

  function time(h: string | undefined, m: string, s: string, us: string): number | null {
    if (h === undefined) return null;
    let t = Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(us) / 1e6;
    // The stamps are the time of day: one far earlier than the last crossed midnight.
    if (lastTime !== null && t + days < lastTime - HALF_DAY) days += DAY;
    t += days;
    lastTime = t;
    return t;
  }

  function flush(): void {
    if (!pending) return;
    const block = pending;
    pending = null;
    if (block.kind === 'info') {
      onBlock({ kind: 'info', line: block.line, time: block.time, text: block.text, bytes: new Uint8Array(0), dots: null });
      return;
    }
    hex ??= looksHex(block);
    const decoded = hex ? decodeHex(block) : decodeAscii(block);
    if (typeof decoded === 'string') return fail(decoded);
    onBlock({ kind: block.kind, line: block.line, time: block.time, text: '', bytes: decoded.bytes, dots: decoded.dots });
  }

  function line(raw: string): void {
    lineNo++;
    // A trace saved with CR LF line endings: the dump itself never prints a CR.
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const row = pending && pending.kind !== 'info' ? ROW.exec(text) : null;
    if (row) {
      pending!.rows.push({ line: lineNo, offset: parseInt(row[1]!, 16), text: row[2]! });
      return;
    }
    const header = HEADER.exec(text);
    if (header) {
      flush();
      const t = time(header[1], header[2]!, header[3]!, header[4]!);
      if (header[5] !== undefined) pending = { kind: 'info', line: lineNo, time: t, text: header[5], size: 0, rows: [] };
      else pending = { kind: KINDS[`${header[7]} ${header[8]}`]!, line: lineNo, time: t, text: '', size: Number(header[9]), rows: [] };
      return;
    }
    // An Info message of several lines (curl prints it as it was given).
    if (pending?.kind === 'info') {
      pending.text += '\n' + text;
      return;
    }
    if (text === '' && pending === null) return;
    fail(`line ${lineNo}: not a line of a curl trace (expected "== Info:", "=> Send", "<= Recv" or an "OFFSET: " row)`);
  }

  return {
    feed(text) {
      if (error) return;
      const lines = (carry + text).split('\n');
      carry = lines.pop()!;
      for (const raw of lines) {
        line(raw);
        if (error) return;
      }
    },
    end() {
      if (!error && carry !== '') line(carry);
      carry = '';
      if (!error) flush();
      return error;
    },
  };
}

/** A hex row: `%02x ` for each of its bytes, three spaces for each missing one, then the bytes as text. */
function looksHex(block: Pending): boolean {
  const first = block.rows[0];
  if (!first) return false;
  const count = Math.min(HEX_WIDTH, block.size);
  return /^(?:[0-9a-f]{2} )+$/.test(first.text.slice(0, count * 3)) && first.text.slice(count * 3, HEX_WIDTH * 3) === ' '.repeat((HEX_WIDTH - count) * 3);
}

function decodeHex(block: Pending): { bytes: Uint8Array; dots: null } | string {
  const bytes = new Uint8Array(block.size);
  const expectedRows = Math.ceil(block.size / HEX_WIDTH);
  if (block.rows.length !== expectedRows) return rowCountError(block, expectedRows);
  for (let r = 0; r < block.rows.length; r++) {
    const row = block.rows[r]!;
    const offset = r * HEX_WIDTH;
    if (row.offset !== offset) return `line ${row.line}: row offset ${hex4(row.offset)} where ${hex4(offset)} was expected`;
    const count = Math.min(HEX_WIDTH, block.size - offset);
    const text = row.text;
    for (let c = 0; c < count; c++) {
      const high = hexDigit(text.charCodeAt(c * 3));
      const low = hexDigit(text.charCodeAt(c * 3 + 1));
      if (high < 0 || low < 0 || text.charCodeAt(c * 3 + 2) !== 0x20) return `line ${row.line}: expected ${count} hex bytes in this row of a --trace dump`;
      bytes[offset + c] = high * 16 + low;
    }
  }
  return { bytes, dots: null };
}

/**
 * An ASCII row holds up to 64 printed bytes; the next row's offset says how many bytes the row
 * stood for, so a gap of exactly 2 is the CR LF pair the dump broke the row on.
 */
function decodeAscii(block: Pending): { bytes: Uint8Array; dots: Uint8Array } | string {
  const bytes = new Uint8Array(block.size);
  const dots = new Uint8Array(block.size);
  let at = 0;
  if (block.size > 0 && block.rows.length === 0) return rowCountError(block, 1);
  for (let r = 0; r < block.rows.length; r++) {
    const row = block.rows[r]!;
    if (row.offset !== at) return `line ${row.line}: row offset ${hex4(row.offset)} where ${hex4(at)} was expected`;
    if (row.text.length > ASCII_WIDTH) return `line ${row.line}: a --trace-ascii row holds at most ${ASCII_WIDTH} characters`;
    const next = r + 1 < block.rows.length ? block.rows[r + 1]!.offset : block.size;
    const gap = next - at - row.text.length;
    if (gap !== 0 && gap !== 2) return `line ${row.line}: this row and the next offset (${hex4(next)}) disagree by ${gap} bytes`;
    if (next > block.size) return `line ${row.line}: the rows run past the block's ${block.size} bytes`;
    for (let c = 0; c < row.text.length; c++) {
      const code = row.text.charCodeAt(c);
      if (code < 0x20 || code > 0x7f) return `line ${row.line}: --trace-ascii prints only ASCII, found U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      bytes[at] = code;
      if (code === 0x2e) dots[at] = 1;
      at++;
    }
    if (gap === 2) {
      bytes[at++] = 0x0d;
      bytes[at++] = 0x0a;
    }
  }
  return { bytes, dots };
}

/** A lower-case hex digit's value (curl prints %02x), else -1. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

function rowCountError(block: Pending, expected: number): string {
  return `line ${block.line}: the block announces ${block.size} bytes but has ${block.rows.length} rows (expected ${expected}); is the trace cut short?`;
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}
