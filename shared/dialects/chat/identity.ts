// Chat Completions' identity (kit/identity.ts) is its chunks', not its final choices': every
// chunk repeats it, and some servers leave it empty in the first ones.

import type { Identity } from '../kit/identity.ts';
import type { KeptEvent } from '../kit/kept.ts';
import { chatReading } from './kept.ts';

/** The first real value of each identity field (placeholders such as `id: ""` and `created: 0` skipped). */
export function identityOfChunks(events: readonly KeptEvent[]): Identity {
  const identity: Identity = { id: null, model: null, created: null, system_fingerprint: null };
  let previous: unknown = null;
  for (const event of events) {
    const { meta, kind } = chatReading(event);
    // Chunks with the same identity share one object (interpret.ts): nothing new to see.
    if (!meta || meta === previous || kind === 'error') continue;
    previous = meta;
    if (identity.id === null && typeof meta.id === 'string' && meta.id !== '') identity.id = meta.id;
    if (identity.model === null && typeof meta.model === 'string' && meta.model !== '') identity.model = meta.model;
    if (identity.created === null && typeof meta.created === 'number' && meta.created > 0) identity.created = meta.created;
    if (identity.system_fingerprint === null && typeof meta.system_fingerprint === 'string' && meta.system_fingerprint !== '') {
      identity.system_fingerprint = meta.system_fingerprint;
    }
  }
  return identity;
}

/** A Chat Completions chunk: an event whose data is a JSON object read as one (the contract's `counts.chunks`). */
export function isChunk(event: KeptEvent): boolean {
  return chatReading(event).meta !== null;
}
