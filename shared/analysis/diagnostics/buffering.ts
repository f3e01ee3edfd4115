// Events held back somewhere on the path and delivered together (docs/diagnostics.md,
// `buffered-delivery`). A server that streams writes each event when it is
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
//
// A gateway that holds a buffered body and re-sends it one event a write
// (Portkey) spreads the burst over many reads, a fraction of a millisecond
// apart: 64 token events in 15 ms after 1.45 s of silence, 4.3 events a ms,
// under BURST_PER_MS. So a delivery is held back too when it brings at least
// RESENT_EVENTS token events after at least RESENT_SILENCE_MS, at
// RESENT_PER_MS events a ms or more over its span. The thresholds, from what
// models really do: the fastest streams of the real-streams corpus say their
// own pace in their usage (time_info, x_groq): Groq's Llama 3.3 662 tokens in
// 2.65 s, one token an event (0.25 events a ms); Groq compound 359 tokens in
// 0.88 s; Cerebras GLM-4.7 104 tokens in 167 ms over 33 events (0.2 events a
// ms). The fastest generation published, a few thousand tokens a second on
// small models, is under 3 events a ms even at one token an event, and the
// fast-provider shapes of timing.test.ts (2.2 events a ms, sustained) stay
// clean. A fast model after a long hidden think (3 s, then 200 events 4 ms
// apart) is 0.25 events a ms, and its 4 ms gaps end a delivery anyway; a slow
// first token followed by a normal pace is the same. RESENT_SILENCE_MS is
// longer than SILENCE_MS because the rule reaches slower bursts: a buffer
// held for half a second or more, not a pause between a model's sentences;
// RESENT_EVENTS (16) makes the rate a measure over 15 gaps, not one or two.
// Every event of a burst is RESENT_SILENCE_MS / (1 / RESENT_PER_MS) = 1,500
// times closer to the next than the silence before it: no further ratio to
// the stream's own pace is needed.

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
/** A buffer re-sent one event a write: see above for why these three. */
export const RESENT_EVENTS = 16;
export const RESENT_SILENCE_MS = 500;
export const RESENT_PER_MS = 3;

interface Delivery {
  /** Its reads, first to last. */
  readonly firstRead: number;
  readonly lastRead: number;
  readonly start: number;
  readonly silence: number;
  readonly events: number;
  /** From its first read with a token event to its last, in ms. */
  readonly tokenSpan: number;
  readonly tokenReads: number;
  /** Held back only by the re-sent rule: spread over reads, slower than BURST_PER_MS. */
  readonly resent: boolean;
}

/**
 * Whether a delivery is held back, and by which rule; null when it is not. The re-sent rule's pace
 * is the token events' own (the finish, usage and [DONE] events after them do not slow it).
 */
function heldBack(count: number, silence: number, span: number, tokenSpan: number): { resent: boolean } | null {
  if (count >= HELD_EVENTS && silence >= SILENCE_MS && count >= BURST_PER_MS * span) return { resent: false };
  if (count >= RESENT_EVENTS && silence >= RESENT_SILENCE_MS && count >= RESENT_PER_MS * tokenSpan) return { resent: true };
  return null;
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
  let tokenStart = 0;
  let tokenEnd = 0;
  let tokenReads = 0;
  for (let index = 0; index <= reads.length; index++) {
    const t = index < reads.length ? reads[index]!.t! : Infinity;
    if (index > 0 && t - end < DELIVERY_MS) {
      end = t;
    } else {
      const rule = index > 0 ? heldBack(count, silence, end - start, tokenEnd - tokenStart) : null;
      if (rule !== null) held.push({ firstRead, lastRead: index - 1, start, silence, events: count, tokenSpan: tokenEnd - tokenStart, tokenReads, resent: rule.resent });
      firstRead = index;
      silence = t - end;
      start = end = t;
      count = tokenReads = 0;
    }
    if (index < reads.length && tokenEventsOfRead[index]! > 0) {
      if (tokenReads++ === 0) tokenStart = t;
      tokenEnd = t;
      count += tokenEventsOfRead[index]!;
    }
  }
  const heldEvents = held.reduce((sum, delivery) => sum + delivery.events, 0);
  if (heldEvents * 2 < tokenEvents) return [];

  const heldReads = held.flatMap((delivery) => Array.from({ length: delivery.lastRead - delivery.firstRead + 1 }, (_, i) => delivery.firstRead + i));
  const isHeld = new Set(heldReads);
  const evidence = events.filter((event) => event.tokens !== 0 && isHeld.has(event.sse.read)).map((event) => event.sse.index);
  const largest = held.reduce((a, b) => (b.events > a.events ? b : a));
  const resent = largest.resent ? ` (${plural(largest.events, 'event')} in ${plural(largest.tokenReads, 'read')} over ${largest.tokenSpan.toFixed(1)} ms, ${(largest.events / largest.tokenSpan).toFixed(1)} a ms: re-sent one by one, faster than any model makes them)` : '';
  const shape =
    held.length === 1
      ? `in one burst at ${largest.start.toFixed(0)} ms, after ${largest.silence.toFixed(0)} ms of silence${resent}`
      : `in ${held.length} bursts after silences of ${SILENCE_MS} ms or more; the largest, ${plural(largest.events, 'event')} at ${largest.start.toFixed(0)} ms after ${largest.silence.toFixed(0)} ms${resent}`;
  return [
    finding(
      'buffered-delivery',
      `${heldEvents} of ${plural(tokenEvents, 'token event')} arrived ${shape}: something on the path held them back.`,
      evidence,
      heldReads,
    ),
  ];
}
