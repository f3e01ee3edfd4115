// A dialect as the app names it to a reader (the recording header, compare, the new-request editor,
// the home page): its descriptor's name.

import { descriptorOf } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

/** A dialect's name; `unknown dialect` for a stream whose dialect could not be told. */
export function dialectName(protocol: Protocol | null): string {
  return protocol === null ? 'unknown dialect' : descriptorOf(protocol).name;
}
