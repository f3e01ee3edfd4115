// A check as the app lists it before it runs (shared/api/checks.ts's CheckInfo): its id, its
// dialect, what it asks and every rule it applies, read from the one battery table so that the
// matrix's rows and a stored run's plan say what the judge applies.

import type { CheckInfo } from '../../api/checks.ts';
import { PROTOCOLS } from '../../dialects/registry.ts';
import { rulesOf } from './judge.ts';
import { SERVER_BATTERIES } from './registry.ts';
import type { ServerCheck } from './types.ts';

export function checkInfoOf(check: ServerCheck): CheckInfo {
  return { id: check.id, protocol: check.protocol, asks: check.asks, expected: rulesOf(check).map((rule) => rule.says) };
}

/** Every registered dialect's battery, in order. */
export function allCheckInfos(): CheckInfo[] {
  return PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol].map(checkInfoOf));
}
