// `--format sse`: the body, byte for byte, as `curl -N` would have saved it.
// Nothing but the body leaves: no header, so no secret can.

import { concatBytes } from '../formats/bytes.ts';
import type { Exporter } from './types.ts';

export const sseExporter: Exporter = {
  format: 'sse',
  description: 'The response body, byte-exact (untimed; what curl -N saves)',
  extension: '.sse',
  mediaType: 'text/event-stream',
  export: (recording) => concatBytes(recording.reads.map((read) => read.bytes)),
};
