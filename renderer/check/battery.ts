// The battery as the Check view lists it before a run: each dialect's checks (or client cases),
// in the registry's order of dialects and each battery's own order.

import type { CheckInfo } from '../../shared/api/checks.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export interface DialectBattery<T = CheckInfo> {
  readonly protocol: Protocol;
  readonly checks: readonly T[];
}

/** Only the dialects that have a check; `protocols` narrows it to those ticked. */
export function byDialect<T extends { readonly protocol: Protocol }>(checks: readonly T[], protocols: readonly Protocol[] = PROTOCOLS): DialectBattery<T>[] {
  return PROTOCOLS.filter((protocol) => protocols.includes(protocol))
    .map((protocol) => ({ protocol, checks: checks.filter((check) => check.protocol === protocol) }))
    .filter((battery) => battery.checks.length > 0);
}
