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
//
// The capture proxy's own event loop can make the same shape: blocked (an
// overloaded host, hundreds of streams), it reads nothing, and the kernel
// hands it what the upstream sent meanwhile in one read when it comes back.
// A recording that carries the capture's lag episodes (capture.relay.lag)
// says when: a held-back delivery that begins during or right after one, and
// whose silence is held back no longer once the stalls' share of it is taken
// out, is the proxy's, reported as capture-lagged; only the others count
// towards buffered-delivery. The recorder (a request Streamscope sent itself)
// is blocked the same way on a loaded machine, and keeps its own stalls
// (recorderLag, on the same clock, made by the same sampler): they explain a
// burst as the capture's do, reported under the same code, naming the recorder.

import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import { plural } from '../../findings/words.ts';
import type { DiagnosticContext } from './context.ts';
import { LAG_SAMPLE_MS } from '../../capture/types.ts';

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
/**
 * How long after a lag episode's end a delivery it explains may begin, ms: the reads the stall
 * gathered are stamped in the loop's turns that end it, around the sampler's own (`to`).
 */
export const LAG_MARGIN_MS = 2 * LAG_SAMPLE_MS;

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

/**
 * For each held-back delivery (in order), the lag episode that explains it, or null: the delivery
 * begins during the episode or up to LAG_MARGIN_MS after it, and its silence, the capture's
 * stalls taken out, is too short to hold it back. A stall is counted from LAG_SAMPLE_MS before
 * its `from` (the loop may have stopped any time after the sampler's last turn) to its `to` (the
 * sampler turned again). The deliveries' silences follow each other, so one pass over the
 * episodes, sorted, serves them all.
 */
function laggedBy(held: readonly Delivery[], lag: readonly (readonly [number, number])[]): (readonly [number, number] | null)[] {
  const episodes = [...lag].sort((a, b) => a[0] - b[0]);
  let first = 0;
  return held.map((delivery) => {
    const from = delivery.start - delivery.silence;
    while (first < episodes.length && episodes[first]![1] + LAG_MARGIN_MS <= from) first++;
    let covered = 0;
    let reached = from;
    let explains: readonly [number, number] | null = null;
    for (let at = first; at < episodes.length && episodes[at]![0] - LAG_SAMPLE_MS < delivery.start; at++) {
      const episode = episodes[at]!;
      const a = Math.max(reached, episode[0] - LAG_SAMPLE_MS);
      const b = Math.min(delivery.start, episode[1]);
      if (b > a) {
        covered += b - a;
        reached = b;
      }
      if (delivery.start >= episode[0] && delivery.start <= episode[1] + LAG_MARGIN_MS) explains ??= episode;
    }
    const own = delivery.silence - covered;
    return explains !== null && own < (delivery.resent ? RESENT_SILENCE_MS : SILENCE_MS) ? explains : null;
  });
}

export function buffering({ recording, reads, events }: DiagnosticContext): Diagnostic[] {
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

  const lag = [...(recording.capture?.relay?.lag ?? []), ...(recording.recorderLag ?? [])];
  const lagged = laggedBy(held, lag);
  const upstream = held.filter((_, index) => lagged[index] === null);
  const found: Diagnostic[] = [];
  const upstreamEvents = upstream.reduce((sum, delivery) => sum + delivery.events, 0);
  if (upstreamEvents * 2 >= tokenEvents) found.push(bufferedDelivery(upstream, upstreamEvents, tokenEvents, events));
  if (upstream.length < held.length) found.push(captureLagged(held.filter((_, index) => lagged[index] !== null), lagged.filter((episode) => episode !== null), events, recording.capture ? 'The capture proxy' : 'The recorder'));
  return found;
}

/** The token events the deliveries brought (their indexes), and their reads. */
function shown(deliveries: readonly Delivery[], events: DiagnosticContext['events']): { events: number[]; reads: number[] } {
  const reads = deliveries.flatMap((delivery) => Array.from({ length: delivery.lastRead - delivery.firstRead + 1 }, (_, i) => delivery.firstRead + i));
  const isHeld = new Set(reads);
  return { events: events.filter((event) => event.tokens !== 0 && isHeld.has(event.sse.read)).map((event) => event.sse.index), reads };
}

function bufferedDelivery(held: readonly Delivery[], heldEvents: number, tokenEvents: number, events: DiagnosticContext['events']): Diagnostic {
  const evidence = shown(held, events);
  const largest = held.reduce((a, b) => (b.events > a.events ? b : a));
  const resent = largest.resent ? ` (${plural(largest.events, 'event')} in ${plural(largest.tokenReads, 'read')} over ${largest.tokenSpan.toFixed(1)} ms, ${(largest.events / largest.tokenSpan).toFixed(1)} a ms: re-sent one by one, faster than any model makes them)` : '';
  const shape =
    held.length === 1
      ? `in one burst at ${largest.start.toFixed(0)} ms, after ${largest.silence.toFixed(0)} ms of silence${resent}`
      : `in ${held.length} bursts after silences of ${SILENCE_MS} ms or more; the largest, ${plural(largest.events, 'event')} at ${largest.start.toFixed(0)} ms after ${largest.silence.toFixed(0)} ms${resent}`;
  return finding('buffered-delivery', `${heldEvents} of ${plural(tokenEvents, 'token event')} arrived ${shape}: something on the path held them back.`, evidence.events, evidence.reads);
}

/** The bursts our own stalls (the capture's or the recorder's: `who`) explain: `episodes[i]` is the stall before `held[i]`. */
function captureLagged(held: readonly Delivery[], episodes: readonly (readonly [number, number])[], events: DiagnosticContext['events'], who: string): Diagnostic {
  const evidence = shown(held, events);
  const stalls = [...new Set(episodes)];
  const longest = stalls.reduce((a, b) => (b[1] - b[0] > a[1] - a[0] ? b : a));
  const heldEvents = held.reduce((sum, delivery) => sum + delivery.events, 0);
  const blocked = `its own event loop was blocked for ${(longest[1] - longest[0]).toFixed(0)} ms at ${longest[0].toFixed(0)} ms${stalls.length > 1 ? ` (the longest of ${stalls.length} stalls)` : ''}`;
  const bursts = held.length === 1 ? `the burst of ${plural(heldEvents, 'token event')} at ${held[0]!.start.toFixed(0)} ms` : `${held.length} bursts of ${plural(heldEvents, 'token event')} in all`;
  return finding('capture-lagged', `${who} lagged: ${blocked}, so reads were coalesced there: ${bursts} came as it caught up, and say nothing of the upstream's pace.`, evidence.events, evidence.reads);
}
