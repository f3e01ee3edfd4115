// A picked or dropped file read into one byte array, reporting how far it got: a large capture
// takes a moment, and the line should move while it does.

/** Reads `file` whole; `onProgress` gets the bytes read so far after each piece (at most every `everyBytes`). */
export async function readBytes(file: Blob, onProgress: (loaded: number) => void, everyBytes = 1024 * 1024): Promise<Uint8Array> {
  const out = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let loaded = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // The file changed on disk since it was picked: its size is no longer the one given.
    if (loaded + value.length > out.length) throw new Error(`${file instanceof File ? file.name : 'the file'} changed while it was read`);
    out.set(value, loaded);
    loaded += value.length;
    if (loaded - reported >= everyBytes) {
      reported = loaded;
      onProgress(loaded);
    }
  }
  if (loaded !== out.length) throw new Error(`${file instanceof File ? file.name : 'the file'} changed while it was read`);
  onProgress(loaded);
  return out;
}
