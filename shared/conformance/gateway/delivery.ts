// What a gateway changed in how and when the stream arrived (gateway mode's delivery, ending and
// timing), from the two recordings' own read times: buffering (the analysis' buffered-delivery
// reasoning, through the gateway and not directly), reads re-cut, the head held back to the first
// body byte, a reset turned into a clean end, time added. Untimed recordings say nothing of time.

import type { Analysis } from '../../analysis/analyze.ts';
import { plural } from '../../findings/words.ts';
import { change, DELAY_ADDED_MS, HEAD_GAP_SHARE, HEAD_HELD_MS, RECHUNK_FACTOR, RECHUNK_MIN_DELIVERIES } from './catalogue.ts';
import type { GatewayChange } from './catalogue.ts';

const ms = (t: number): string => `${Math.round(t).toLocaleString('en-US')} ms`;

/** The recording's figures of time, when every read and the head carry one. */
interface Timing {
  readonly head: number | null;
  readonly firstByte: number | null;
  readonly lastByte: number | null;
  readonly end: number | null;
}

function timingOf(analysis: Analysis): Timing {
  const { response, reads, end } = analysis.recording;
  return { head: response?.t ?? null, firstByte: reads[0]?.t ?? null, lastByte: reads.at(-1)?.t ?? null, end: end?.t ?? null };
}

const isBuffered = (analysis: Analysis): boolean => analysis.diagnostics.some((found) => found.code === 'buffered-delivery');

export function deliveryChanges(direct: Analysis, via: Analysis, delayAddedMs = DELAY_ADDED_MS): GatewayChange[] {
  const buffered = isBuffered(via) && !isBuffered(direct);
  return [...(buffered ? [bufferedChange(direct, via)] : rechunked(direct, via)), ...headHeld(direct, via), ...resetMasked(direct, via), ...delayAdded(direct, via, buffered, delayAddedMs)];
}

function spread(analysis: Analysis): string {
  const { firstByte, lastByte } = timingOf(analysis);
  const count = analysis.recording.reads.length;
  if (firstByte === null || lastByte === null) return plural(count, 'read');
  return count === 1 ? `1 read at ${ms(firstByte)}` : `${plural(count, 'read')} from ${ms(firstByte)} to ${ms(lastByte)}`;
}

function bufferedChange(direct: Analysis, via: Analysis): GatewayChange {
  const finding = via.diagnostics.find((found) => found.code === 'buffered-delivery')!;
  return change('buffered', `Directly the events came in ${spread(direct)}; through the gateway in ${spread(via)}: ${finding.message}`);
}

/** The reads that complete at least one event, and how many events span more than one read. */
function cutting(analysis: Analysis): { readonly deliveries: number; readonly split: number } {
  const deliveries = new Set<number>();
  let split = 0;
  const { reads } = analysis;
  for (const event of analysis.events) {
    deliveries.add(event.sse.read);
    const read = reads[event.sse.read];
    if (read !== undefined && event.sse.start < read.offset) split++;
  }
  return { deliveries: deliveries.size, split };
}

function rechunked(direct: Analysis, via: Analysis): GatewayChange[] {
  const a = cutting(direct);
  const b = cutting(via);
  const apart = Math.abs(a.deliveries - b.deliveries) >= RECHUNK_MIN_DELIVERIES;
  const said: string[] = [];
  if (apart && b.deliveries >= RECHUNK_FACTOR * a.deliveries) said.push(`the upstream wrote its events in ${plural(a.deliveries, 'read')}, the gateway re-sent them in ${plural(b.deliveries, 'read')}`);
  else if (apart && a.deliveries >= RECHUNK_FACTOR * b.deliveries) said.push(`the upstream wrote its events in ${plural(a.deliveries, 'read')}, the gateway merged them into ${plural(b.deliveries, 'read')}`);
  if (b.split > a.split) said.push(`${plural(b.split, 'event')} split across reads through the gateway (${a.split} directly)`);
  if (said.length === 0) return [];
  const text = said.join('; ');
  return [change('rechunked', `${text.charAt(0).toUpperCase()}${text.slice(1)}.`)];
}

function headHeld(direct: Analysis, via: Analysis): GatewayChange[] {
  const a = timingOf(direct);
  const b = timingOf(via);
  if (a.head === null || a.firstByte === null || b.head === null || b.firstByte === null) return [];
  const upstreamGap = a.firstByte - a.head;
  const withBody = b.firstByte - b.head < HEAD_GAP_SHARE * upstreamGap;
  if (!withBody || b.head - a.head < HEAD_HELD_MS || upstreamGap < HEAD_HELD_MS) return [];
  return [change('head-held', `The upstream's head came at ${ms(a.head)}, ${ms(upstreamGap)} before its first body byte; through the gateway the head came at ${ms(b.head)}, with the first body byte (${ms(b.firstByte)}).`)];
}

function resetMasked(direct: Analysis, via: Analysis): GatewayChange[] {
  const a = direct.recording.end;
  const b = via.recording.end;
  if (a?.outcome !== 'error' || b?.outcome !== 'eof') return [];
  return [change('reset-masked', `Directly the body ended in an error (${a.error ?? 'the connection failed'}); through the gateway it ended cleanly, after ${plural(via.events.length, 'event')} of the ${direct.events.length} that came directly.`)];
}

function delayAdded(direct: Analysis, via: Analysis, buffered: boolean, threshold: number): GatewayChange[] {
  const a = timingOf(direct);
  const b = timingOf(via);
  const said: string[] = [];
  // A buffered stream's first byte waits for the buffer: that is `buffered`'s to say.
  if (!buffered && a.firstByte !== null && b.firstByte !== null && b.firstByte - a.firstByte >= threshold) said.push(`the first body byte came at ${ms(b.firstByte)} instead of ${ms(a.firstByte)} (+${ms(b.firstByte - a.firstByte)})`);
  if (a.end !== null && b.end !== null && b.end - a.end >= threshold) said.push(`the body ended at ${ms(b.end)} instead of ${ms(a.end)} (+${ms(b.end - a.end)})`);
  if (said.length === 0) return [];
  const text = said.join('; ');
  return [change('delay-added', `Through the gateway ${text}: over the ${ms(threshold)} a gateway may add.`)];
}
