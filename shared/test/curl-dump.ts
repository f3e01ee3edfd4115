// Writes a curl trace the way curl 7.88's tool_cb_dbg.c does (`dump()`: 64 printed bytes a row
// for --trace-ascii, breaking the row after a CR LF pair and printing "." for every byte outside
// 0x20–0x7F; 16 bytes a row in hex then as text for --trace), so the trace reader can be fed
// any body — the real-streams corpus — not only what a live curl run happens to produce.
// The live runs in electron/backend/import/curl-trace.test.ts pin the real format.

export type TraceMode = 'ascii' | 'hex';

export interface TraceExchange {
  readonly request: string;
  readonly requestBody: string;
  /** Status line and header lines, without line endings. */
  readonly responseHead: readonly string[];
  /** Each read as the connection delivered it, with its time in ms after the request line. */
  readonly reads: readonly { readonly t: number; readonly bytes: Uint8Array }[];
  /** Wraps the reads in HTTP/1.1 chunked framing, one chunk per read. */
  readonly chunked?: boolean;
  /** Time of day of the request line, in seconds. */
  readonly start?: number;
}

const encoder = new TextEncoder();

export function dump(mode: TraceMode, stamp: string, text: string, data: Uint8Array): string {
  const width = mode === 'ascii' ? 0x40 : 0x10;
  const out: string[] = [`${stamp}${text}, ${data.length} bytes (0x${data.length.toString(16)})\n`];
  for (let i = 0; i < data.length; i += width) {
    const row: string[] = [`${i.toString(16).padStart(4, '0')}: `];
    if (mode === 'hex') {
      for (let c = 0; c < width; c++) row.push(i + c < data.length ? `${data[i + c]!.toString(16).padStart(2, '0')} ` : '   ');
    }
    const chars: number[] = [];
    for (let c = 0; c < width && i + c < data.length; c++) {
      if (mode === 'ascii' && i + c + 1 < data.length && data[i + c] === 0x0d && data[i + c + 1] === 0x0a) {
        i += c + 2 - width;
        break;
      }
      const byte = data[i + c]!;
      chars.push(byte >= 0x20 && byte < 0x80 ? byte : 0x2e);
      if (mode === 'ascii' && i + c + 2 < data.length && data[i + c + 1] === 0x0d && data[i + c + 2] === 0x0a) {
        i += c + 3 - width;
        break;
      }
    }
    row.push(String.fromCharCode(...chars), '\n');
    out.push(row.join(''));
  }
  return out.join('');
}

/** `HH:MM:SS.ffffff ` for a time of day in seconds (wrapping at midnight, as curl's local time does). */
export function stamp(seconds: number): string {
  const day = ((seconds % 86_400) + 86_400) % 86_400;
  const whole = Math.floor(day);
  const micros = Math.round((day - whole) * 1e6);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}.${String(micros).padStart(6, '0')} `;
}

export function traceOf(mode: TraceMode, exchange: TraceExchange): string {
  const start = exchange.start ?? 11 * 3600 + 14 * 60 + 38.120669;
  const at = (ms: number) => stamp(start + ms / 1000);
  let out = `${at(-8)}== Info: Connected to 127.0.0.1 (127.0.0.1) port 8088 (#0)\n`;
  out += dump(mode, at(0), '=> Send header', encoder.encode(exchange.request));
  out += dump(mode, at(0.07), '=> Send data', encoder.encode(exchange.requestBody));
  const headAt = exchange.reads[0] ? exchange.reads[0].t / 2 : 1;
  for (const line of exchange.responseHead) out += dump(mode, at(headAt), '<= Recv header', encoder.encode(line + '\r\n'));
  out += dump(mode, at(headAt), '<= Recv header', encoder.encode('\r\n'));
  const reads = exchange.reads;
  reads.forEach((read, i) => {
    let data = read.bytes;
    if (exchange.chunked) {
      const size = encoder.encode(`${data.length.toString(16)}\r\n`);
      const last = i === reads.length - 1 ? encoder.encode('\r\n0\r\n\r\n') : encoder.encode('\r\n');
      data = new Uint8Array([...size, ...data, ...last]);
    }
    out += dump(mode, at(read.t), '<= Recv data', data);
  });
  out += `${at((reads.at(-1)?.t ?? 0) + 0.2)}== Info: Connection #0 to host 127.0.0.1 left intact\n`;
  return out;
}
