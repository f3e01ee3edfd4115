// A request body, read whole up to a limit. Past it the answer is 413 at once; the rest of the
// body is still read, and dropped, so that the client gets to read the answer instead of a reset
// connection (it is the client that stops sending; nothing of it is kept).

import type { IncomingMessage } from 'node:http';

export type BodyResult = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly tooLarge: true };

export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    let tooLarge = Number.isFinite(declared) && declared > limit;
    if (tooLarge) resolve({ ok: false, tooLarge: true });
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      tooLarge = true;
      chunks.length = 0;
      resolve({ ok: false, tooLarge: true });
    });
    request.on('end', () => resolve({ ok: true, bytes: Buffer.concat(chunks, size) }));
    request.on('error', reject);
  });
}
