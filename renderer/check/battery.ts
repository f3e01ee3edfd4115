// The battery as the Check view lists it before a run: each dialect's checks, in the registry's
// order of dialects and each battery's own order of checks.

import type { CheckInfo } from '../../shared/api/checks.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export interface DialectBattery {
  readonly protocol: Protocol;
  readonly checks: readonly CheckInfo[];
}

/** Only the dialects that have a check; `protocols` narrows it to those ticked. */
export function byDialect(checks: readonly CheckInfo[], protocols: readonly Protocol[] = PROTOCOLS): DialectBattery[] {
  return PROTOCOLS.filter((protocol) => protocols.includes(protocol))
    .map((protocol) => ({ protocol, checks: checks.filter((check) => check.protocol === protocol) }))
    .filter((battery) => battery.checks.length > 0);
}
