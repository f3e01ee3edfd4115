// Events held back somewhere on the path and delivered together (DESIGN.md,
// "buffered-delivery"). A server that streams writes each event when it is
// made, so events arrive one or a few at a time, each soon after the one
// before. Behind a buffering proxy, compression or a serverless function they
// arrive in clumps, each after a long silence: the buffer filling up.
//
// A delivery is a run of reads less than DELIVERY_MS apart (one socket flush
// can take several reads). A delivery is held back when it brings at least
// HELD_EVENTS token events after a silence of at least SILENCE_MS, faster
// than any model makes them: in one go, or at BURST_PER_MS events a
// millisecond or more. The finding fires when held-back deliveries bring at
// least half of a stream of at least MIN_EVENTS token events (events with
// text or a tool fragment: the role, finish, usage and [DONE] events of a
// short answer cannot tell buffering from a model's first-token wait). Fast
// providers are not caught: their events come close together, at the pace
// they are made; neither are slow ones: their events come one by one.

import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import { plural } from './context.ts';
import type { DiagnosticContext } from './context.ts';

const DELIVERY_MS = 1;
const HELD_EVENTS = 4;
const SILENCE_MS = 100;
const MIN_EVENTS = 6;
/** Far above the fastest generation (a few thousand tokens a second), far below a flushed buffer. */
export const BURST_PER_MS = 10;

interface Delivery {
  /** Its reads, first to last. */
  readonly firstRead: number;
  readonly lastRead: number;
  readonly start: number;
  readonly silence: number;
  readonly events: number;
}

export function buffering({ reads, events }: DiagnosticContext): Diagnostic[] {
  // Token events per read; a timed stream of a hundred thousand reads is checked without an object per read or per delivery.
  const tokenEventsOfRead = new Int32Array(reads.length);
  let tokenEvents = 0;
  for (const event of events) {
    if (event.tokens === 0) continue;
    tokenEvents++;
    tokenEventsOfRead[event.sse.read]!++;
  }
  if (tokenEvents < MIN_EVENTS || reads.some((read) => read.t === null)) return [];

  // The deliveries, each checked when the next begins; only those held back are kept.
  const held: Delivery[] = [];
  let firstRead = 0;
  let start = 0;
  // The first delivery's silence counts from the request: a buffering proxy holds the response headers back too.
  let end = 0;
  let silence = 0;
  let count = 0;
  for (let index = 0; index <= reads.length; index++) {
    const t = index < reads.length ? reads[index]!.t! : Infinity;
    if (index > 0 && t - end < DELIVERY_MS) {
      end = t;
    } else {
      if (index > 0 && count >= HELD_EVENTS && silence >= SILENCE_MS && count >= BURST_PER_MS * (end - start)) {
        held.push({ firstRead, lastRead: index - 1, start, silence, events: count });
      }
      firstRead = index;
      silence = t - end;
      start = end = t;
      count = 0;
    }
    if (index < reads.length) count += tokenEventsOfRead[index]!;
  }
  const heldEvents = held.reduce((sum, delivery) => sum + delivery.events, 0);
  if (heldEvents * 2 < tokenEvents) return [];

  const heldReads = held.flatMap((delivery) => Array.from({ length: delivery.lastRead - delivery.firstRead + 1 }, (_, i) => delivery.firstRead + i));
  const isHeld = new Set(heldReads);
  const evidence = events.filter((event) => event.tokens !== 0 && isHeld.has(event.sse.read)).map((event) => event.sse.index);
  const largest = held.reduce((a, b) => (b.events > a.events ? b : a));
  const shape =
    held.length === 1
      ? `in one burst at ${largest.start.toFixed(0)} ms, after ${largest.silence.toFixed(0)} ms of silence`
      : `in ${held.length} bursts after silences of ${SILENCE_MS} ms or more; the largest, ${plural(largest.events, 'event')} at ${largest.start.toFixed(0)} ms after ${largest.silence.toFixed(0)} ms`;
  return [
    finding(
      'buffered-delivery',
      `${heldEvents} of ${plural(tokenEvents, 'token event')} arrived ${shape}: something on the path held them back.`,
      evidence,
      heldReads,
    ),
  ];
}
