// Gemini's identity (kit/identity.ts): its events name it responseId and modelVersion, not id and
// model; the first event that names each gives it (every event repeats them). No `created`:
// Vertex's createTime is a timestamp string, kept on the final object.

import type { Identity } from '../kit/identity.ts';
import type { KeptEvent } from '../kit/kept.ts';
import type { GeminiInterpretation } from './interpret.ts';

export function geminiIdentity(events: readonly KeptEvent[]): Identity {
  const identity: Identity = { id: null, model: null, created: null, system_fingerprint: null };
  for (const event of events) {
    for (const op of (event.dialectInterpretation as GeminiInterpretation).ops) {
      if (op.op !== 'response') continue;
      if (identity.id === null && op.responseId !== null && op.responseId !== '') identity.id = op.responseId;
      if (identity.model === null && op.modelVersion !== null && op.modelVersion !== '') identity.model = op.modelVersion;
    }
    if (identity.id !== null && identity.model !== null) break;
  }
  return identity;
}
