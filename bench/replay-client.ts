// The client side of the replay benchmark, in a process of its own (as a real client is): for
// each request the parent sends, a raw node:http POST whose every read is stamped with
// performance.now() first thing in the data callback. Replies with the reads, times in ms since
// the request was sent.

import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ClientAsk {
  readonly url: string;
  readonly body: string;
}

export interface ClientReply {
  readonly reads: { readonly t: number; readonly bytes: Uint8Array }[];
  readonly error: string | null;
}

function observe({ url, body }: ClientAsk): Promise<ClientReply> {
  return new Promise((resolve) => {
    const reads: { t: number; bytes: Uint8Array }[] = [];
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.on('data', (bytes: Buffer) => {
        const t = performance.now();
        reads.push({ t, bytes });
      });
      res.on('error', (error) => resolve({ reads, error: error.message }));
      res.on('end', () => resolve({ reads: reads.map((read) => ({ t: read.t - start, bytes: read.bytes })), error: null }));
    });
    req.on('error', (error) => resolve({ reads, error: error.message }));
    req.setNoDelay(true);
    const start = performance.now();
    req.end(body);
  });
}

process.on('message', (ask: ClientAsk) => {
  void observe(ask).then((reply) => process.send!(reply));
});
