// The one decoding of a message's data from its bytes (FramedMessage.dataStart): the framing's
// when it reads the message, and a keeper's when it reads the data again from the kept reads.

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** `bytes` from `from` to `to` as UTF-8, what is not UTF-8 replaced and a BOM kept. */
export function decodeData(bytes: Uint8Array, from: number, to: number): string {
  return utf8.decode(from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to));
}
