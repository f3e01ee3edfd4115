// `GET /api/events`: the pushes as Server-Sent Events (WHATWG HTML §9.2). Each push is one event
// named after it, with an `id:`; a client that comes back with `Last-Event-ID` first gets the
// pushes it missed from the log, or a `reset` event when the log no longer holds them all. Then
// `ready` (carrying the latest id, so that a client that saw no push yet still resumes from here),
// then every new push as it comes.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PushLog } from './push-log.ts';

/** A client this far behind (bytes waiting in its socket) is cut off; it resumes from the log when it comes back. */
const MAX_BACKLOG = 32 * 1024 * 1024;
/** How long a native EventSource waits before it reconnects (the `retry` field). */
const RETRY_MS = 1000;

export function streamEvents(request: IncomingMessage, response: ServerResponse, log: PushLog, headers: Readonly<Record<string, string>>): void {
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  response.socket?.setNoDelay(true);
  const send = (frame: string): void => {
    if (response.writableLength > MAX_BACKLOG) {
      response.destroy();
      return;
    }
    response.write(frame);
  };

  let head = `retry: ${RETRY_MS}\n\n`;
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId === 'string') {
    const replay = /^\d{1,15}$/.test(lastEventId.trim()) ? log.since(Number(lastEventId.trim())) : ({ reset: true } as const);
    head += 'reset' in replay ? `event: reset\ndata: {}\n\n` : replay.frames.join('');
  }
  head += `id: ${log.latest}\nevent: ready\ndata: {}\n\n`;
  send(head);
  // In the same turn of the event loop as the replay: no push can fall between the two.
  const unfollow = log.follow(send);
  response.on('close', unfollow);
}
