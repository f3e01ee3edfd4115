// `--format ssrec`: the timed recording file (docs/recording-format.md), secrets redacted.

import { serializeSsrec } from '../formats/ssrec.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import type { Exporter } from './types.ts';

export const ssrecExporter: Exporter = {
  format: 'ssrec',
  description: 'The timed recording file: request, response head, every read with its time, the end',
  extension: '.ssrec.jsonl',
  mediaType: 'application/jsonl',
  // JSON.stringify escapes everything a stream may hold: the file is JSON Lines whatever the bytes.
  export: (recording) => serializeSsrec(redactRecording(recording)),
};
