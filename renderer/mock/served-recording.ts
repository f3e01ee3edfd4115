// What the mock view needs of a recording it serves, read from the head openRecording sends (the
// recording without its reads, and its first read): the summary, the request body the snippet asks
// with, and the dialect that picks the snippet's SDK and path.

import type { PackedRecording } from '../../shared/api/packed.ts';
import { unpackReads } from '../../shared/api/packed.ts';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { replayProtocol } from '../../shared/replay/dialect.ts';
import type { Protocol } from '../../shared/replay/dialect.ts';

export interface RecordingInfo {
  readonly summary: RecordingSummary;
  /** The recorded request's JSON body; null for a source without one (a plain .sse). */
  readonly body: unknown;
  /** The dialect it is served in: by its request path, else its first events (shared/replay/dialect.ts). */
  readonly protocol: Protocol;
}

/** The info of a recording from its head: one read is enough to tell the dialect of one without a request (an imported .sse is one read). */
export function servedRecording(head: PackedRecording): RecordingInfo {
  const { recording } = head;
  return { summary: recording.summary, body: recording.request?.body ?? null, protocol: replayProtocol({ request: recording.request, reads: unpackReads(head) ?? [] }) };
}
