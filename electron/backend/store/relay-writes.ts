// A capture's relay clock (CaptureInfo.relay.writes: per upstream read, when it arrived, when its
// write was issued, when the socket took it) kept in `recordings.relay_writes` rather than in the
// capture's JSON, where its digits took ~53 bytes a write, a fifth of a 260-byte event's body
// (docs/performance.md, "Recording"). Exact, as doubles: a write's arrival is most often the time
// of the recording's read of the same index (the relay stamps both at once), and its other two
// times follow within microseconds, so each is kept as the count of doubles between it and the
// time before it (a varint of 5 or 6 bytes) rather than as 8 bytes.

import type { CaptureInfo, RelayWrite } from '../../../shared/capture/types.ts';

const FORMAT = 1;
// A write's flags.
const ARRIVED_IS_READ = 1;
const NEVER_FLUSHED = 2;
const ISSUED_AFTER = 4;
const FLUSHED_AFTER = 8;
/** The largest count of doubles a varint stands for (beyond, the double itself is kept). */
const MAX_STEPS = 2n ** 53n;

/** The times of the recording's reads, in order: what the writes' arrivals are told from. */
export type ReadTimes = readonly (number | null)[];

/** The capture's columns: its JSON (the writes left out when they go apart), its session, and its writes packed or null. */
export function captureColumns(capture: CaptureInfo | undefined, readTimes: () => ReadTimes = () => []): { capture: string | null; captureSession: string | null; relayWrites: Buffer | null } {
  if (!capture) return { capture: null, captureSession: null, relayWrites: null };
  const writes = capture.relay?.writes;
  const relayWrites = writes && writes.length > 0 && writes.every(sameInJson) ? packWrites(writes, readTimes()) : null;
  const json = relayWrites === null ? capture : { ...capture, relay: { ...capture.relay!, writes: [] } };
  return { capture: JSON.stringify(json), captureSession: capture.session ?? null, relayWrites };
}

/** The capture as stored: its JSON, its writes put back from their column when they were kept there. */
export function captureFromColumns(json: string, relayWrites: Uint8Array | null, readTimes: () => ReadTimes): CaptureInfo {
  const capture = JSON.parse(json) as CaptureInfo;
  if (relayWrites === null || !capture.relay) return capture;
  (capture.relay as { writes: readonly RelayWrite[] }).writes = unpackWrites(relayWrites, readTimes());
  return capture;
}

/** A write whose numbers JSON keeps as they are (finite, not -0; a write the socket never took: null): what is packed gives back what JSON would. */
function sameInJson(write: RelayWrite): boolean {
  const [arrived, issued, flushed] = write;
  return write.length === 3 && plain(arrived) && plain(issued) && (flushed === null || plain(flushed));
}

function plain(value: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0);
}

const scratch = new DataView(new ArrayBuffer(8));
function bitsOf(value: number): bigint {
  scratch.setFloat64(0, value);
  return scratch.getBigInt64(0);
}
function valueOf(bits: bigint): number {
  scratch.setBigInt64(0, bits);
  return scratch.getFloat64(0);
}

/** How many doubles `to` lies after `from` (both ≥ 0, where the order of doubles is that of their bits), or null when too far. */
function stepsBetween(from: number, to: number): number | null {
  if (from < 0 || to < 0) return null;
  const steps = bitsOf(to) - bitsOf(from);
  return steps < MAX_STEPS && steps > -MAX_STEPS ? Number(steps) : null;
}

class Bytes {
  bytes = new Uint8Array(64);
  length = 0;
  #room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes);
    this.bytes = grown;
  }
  byte(value: number): void {
    this.#room(1);
    this.bytes[this.length++] = value;
  }
  double(value: number): void {
    this.#room(8);
    new DataView(this.bytes.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }
  varint(signed: number): void {
    this.#room(10);
    let value = signed >= 0 ? signed * 2 : -signed * 2 - 1;
    while (value >= 0x80) {
      this.bytes[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.length++] = value;
  }
}

function packWrites(writes: readonly RelayWrite[], reads: ReadTimes): Buffer {
  const out = new Bytes();
  out.byte(FORMAT);
  writes.forEach(([arrived, issued, flushed], i) => {
    const fromRead = Object.is(reads[i], arrived);
    const issuedSteps = stepsBetween(arrived, issued);
    const flushedSteps = flushed === null ? null : stepsBetween(issued, flushed);
    out.byte((fromRead ? ARRIVED_IS_READ : 0) | (flushed === null ? NEVER_FLUSHED : 0) | (issuedSteps !== null ? ISSUED_AFTER : 0) | (flushedSteps !== null ? FLUSHED_AFTER : 0));
    if (!fromRead) out.double(arrived);
    if (issuedSteps !== null) out.varint(issuedSteps);
    else out.double(issued);
    if (flushed === null) return;
    if (flushedSteps !== null) out.varint(flushedSteps);
    else out.double(flushed);
  });
  return Buffer.from(out.bytes.buffer, 0, out.length);
}

function unpackWrites(bytes: Uint8Array, reads: ReadTimes): RelayWrite[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 1;
  const double = (): number => {
    const value = view.getFloat64(at, true);
    at += 8;
    return value;
  };
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
      scale *= 0x80;
    }
  };
  const after = (from: number, steps: number): number => valueOf(bitsOf(from) + BigInt(steps));
  const writes: RelayWrite[] = [];
  for (let i = 0; at < bytes.length; i++) {
    const flags = bytes[at++]!;
    const arrived = flags & ARRIVED_IS_READ ? (reads[i] as number) : double();
    const issued = flags & ISSUED_AFTER ? after(arrived, varint()) : double();
    const flushed = flags & NEVER_FLUSHED ? null : flags & FLUSHED_AFTER ? after(issued, varint()) : double();
    writes.push([arrived, issued, flushed]);
  }
  return writes;
}
