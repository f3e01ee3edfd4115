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

/**
 * Resolves when `res` can take more after a write that returned false: at the response's 'drain'
 * or its socket's, whichever comes first, at once when its socket is not waiting to drain, or when
 * the response closes or `signal` aborts. A corked write's answer and the response's own 'drain' disagree
 * across Nodes (Node 22 may never set the response's flag; Node 24 may have drained during the
 * write itself), so waiting for the response's 'drain' alone can wait for ever.
 */
export function drained(res: ServerResponse, signal?: AbortSignal): Promise<void> {
  const socket = res.socket;
  // The response's 'drain' comes from its socket's: a socket that took every byte will never say it.
  if (socket ? !socket.writableNeedDrain : !res.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const finish = (): void => {
      res.off('drain', finish);
      res.off('close', finish);
      socket?.off('drain', finish);
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    res.on('drain', finish);
    res.on('close', finish);
    socket?.on('drain', finish);
    signal?.addEventListener('abort', finish);
  });
}
