// A table with an entry for every registered dialect, in registry order.

import { PROTOCOLS } from '../../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';

export function byProtocol<T>(entry: (protocol: Protocol, index: number) => T): Readonly<Record<Protocol, T>> {
  // PROTOCOLS holds every Protocol (a dialect's folder adds its name as it registers it).
  return Object.fromEntries(PROTOCOLS.map((protocol, index) => [protocol, entry(protocol, index)])) as Record<Protocol, T>;
}
