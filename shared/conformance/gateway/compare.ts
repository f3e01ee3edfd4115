// Gateway mode's judgement (issue 29, "Gateway mode"): what a gateway changed in one scenario's
// stream, from the analysis of the recording made directly and that of the one made through the
// gateway. A gateway is judged by difference, not by rules: a scenario it passes untouched has
// no change, whatever the scenario itself does wrong.

import type { Analysis } from '../../analysis/analyze.ts';
import { DELAY_ADDED_MS, GATEWAY_CHANGE_CODES } from './catalogue.ts';
import type { GatewayChange } from './catalogue.ts';
import { contentChanges } from './content.ts';
import { deliveryChanges } from './delivery.ts';

export interface GatewayComparison {
  /** Time a gateway may add before it is `delay-added` (default DELAY_ADDED_MS). */
  readonly delayAddedMs?: number;
}

export function compareThroughGateway(direct: Analysis, via: Analysis, options: GatewayComparison = {}): GatewayChange[] {
  const status = statusChanged(direct, via);
  // Another status: the gateway's body is its own answer, nothing of the upstream's to compare with.
  const found = status !== null ? [status] : [...contentChanges(direct, via), ...deliveryChanges(direct, via, options.delayAddedMs ?? DELAY_ADDED_MS)];
  return found.sort((a, b) => GATEWAY_CHANGE_CODES.indexOf(a.code) - GATEWAY_CHANGE_CODES.indexOf(b.code));
}

function statusChanged(direct: Analysis, via: Analysis): GatewayChange | null {
  const a = direct.recording.response?.status ?? null;
  const b = via.recording.response?.status ?? null;
  if (a === b) return null;
  const said = (status: number | null): string => (status === null ? 'no response' : `${status}`);
  return { code: 'status-changed', severity: 'error', message: `The upstream answered ${said(a)}; the gateway answered ${said(b)}.` };
}
