// Append-only typed arrays with spare room. A newer timeline index writes past an older one's
// count into the same buffer (the older one never reads there), and copies into a buffer twice
// as large only when the room runs out: a live stream's index grows in amortised O(1) an item.

export function withRoomF64(buffer: Float64Array, needed: number): Float64Array {
  if (needed <= buffer.length) return buffer;
  const grown = new Float64Array(Math.max(needed, buffer.length * 2, 64));
  grown.set(buffer);
  return grown;
}

export function withRoomI32(buffer: Int32Array, needed: number): Int32Array {
  if (needed <= buffer.length) return buffer;
  const grown = new Int32Array(Math.max(needed, buffer.length * 2, 64));
  grown.set(buffer);
  return grown;
}
