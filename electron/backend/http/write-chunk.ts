// One write, one chunk of the chunked body, on every Node we run on.
//
// Node 24's http layer corks a response on its first write in a tick and, on the uncork in the
// next tick, sends every write made meanwhile as ONE chunk (Node 20 sent a chunk per write). The
// simulator and the replay promise that each planned write reaches the client as its own chunk,
// so each write is corked and uncorked by itself: its chunk is framed and handed to the socket
// before the call returns, whatever else is written in the same tick.

import type { ServerResponse } from 'node:http';

/** `res.write(bytes, callback)` sent as a chunk of its own; returns what res.write returns (false: wait for 'drain'). */
export function writeChunk(res: ServerResponse, bytes: string | Uint8Array, callback?: (error?: Error | null) => void): boolean {
  res.cork();
  try {
    return callback ? res.write(bytes, callback) : res.write(bytes);
  } finally {
    res.uncork();
  }
}
