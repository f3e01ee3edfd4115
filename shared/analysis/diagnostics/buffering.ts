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
const BURST_PER_MS = 10;

interface Delivery {
  /** Its reads, first to last. */
  readonly firstRead: number;
  lastRead: number;
  readonly start: number;
  end: number;
  readonly silence: number;
  events: number;
}

export function buffering({ reads, events }: DiagnosticContext): Diagnostic[] {
  const dataEvents = events.filter((event) => event.tokens !== 0);
  if (dataEvents.length < MIN_EVENTS || reads.some((read) => read.t === null)) return [];

  const deliveries: Delivery[] = [];
  const deliveryOfRead = new Int32Array(reads.length);
  // The first delivery's silence counts from the request: a buffering proxy holds the response headers back too.
  let last = 0;
  for (let index = 0; index < reads.length; index++) {
    const t = reads[index]!.t!;
    const current = deliveries[deliveries.length - 1];
    if (current && t - current.end < DELIVERY_MS) {
      current.lastRead = index;
      current.end = t;
    } else {
      deliveries.push({ firstRead: index, lastRead: index, start: t, end: t, silence: t - last, events: 0 });
    }
    last = t;
    deliveryOfRead[index] = deliveries.length - 1;
  }
  for (const event of dataEvents) deliveries[deliveryOfRead[event.sse.read]!]!.events++;

  const held = deliveries.filter(
    (delivery) => delivery.events >= HELD_EVENTS && delivery.silence >= SILENCE_MS && delivery.events >= BURST_PER_MS * (delivery.end - delivery.start),
  );
  const heldEvents = held.reduce((sum, delivery) => sum + delivery.events, 0);
  if (heldEvents * 2 < dataEvents.length) return [];

  const heldReads = new Set(held.flatMap((delivery) => Array.from({ length: delivery.lastRead - delivery.firstRead + 1 }, (_, i) => delivery.firstRead + i)));
  const evidence = dataEvents.filter((event) => heldReads.has(event.sse.read)).map((event) => event.sse.index);
  const largest = held.reduce((a, b) => (b.events > a.events ? b : a));
  const shape =
    held.length === 1
      ? `in one burst at ${largest.start.toFixed(0)} ms, after ${largest.silence.toFixed(0)} ms of silence`
      : `in ${held.length} bursts after silences of ${SILENCE_MS} ms or more; the largest, ${plural(largest.events, 'event')} at ${largest.start.toFixed(0)} ms after ${largest.silence.toFixed(0)} ms`;
  return [
    finding(
      'buffered-delivery',
      `${heldEvents} of ${plural(dataEvents.length, 'token event')} arrived ${shape}: something on the path held them back.`,
      evidence,
      [...heldReads].sort((a, b) => a - b),
    ),
  ];
}
