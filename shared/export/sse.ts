// `--format sse`: the body, byte for byte, as `curl -N` would have saved it.
// Nothing but the body leaves, and a key the request carried is masked in it where the server
// sent it back (redactRecording), as in every export.

import { concatBytes } from '../formats/bytes.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import type { Exporter } from './types.ts';

export const sseExporter: Exporter = {
  format: 'sse',
  description: 'The response body, byte-exact (untimed; what curl -N saves)',
  extension: '.sse',
  mediaType: 'text/event-stream',
  export: (recording) => concatBytes(redactRecording(recording).reads.map((read) => read.bytes)),
};
