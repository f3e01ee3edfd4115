// A dialect's endpoint as the editor names it: its descriptor's path ending, which the backend
// appends to a base URL and the recorder appended (electron/backend/recorder/profiles.ts).

import { descriptorOf } from '../../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';

export function endpointPath(protocol: Protocol): string {
  return descriptorOf(protocol).pathEnding;
}

/** A URL path that ends in the dialect's endpoint (a trailing slash too). */
export function endpointPattern(protocol: Protocol): RegExp {
  return new RegExp(`${endpointPath(protocol).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`);
}
