// Diagnostics about when the bytes arrived (docs/diagnostics.md: buffered-delivery and idle-gap). The thresholds are the ones
// buffering.ts and context.ts state: a delivery is a run of reads less than
// 1 ms apart; it is held back when it brings 4 or more token events (text or
// tool fragments) after 100 ms or more of silence, faster than 10 events a ms;
// buffered-delivery fires when held-back deliveries bring at least half of a
// stream of at least 6 token events. A delivery spread over many reads (a
// gateway re-sending a buffered body one event a write) is held back too when
// it brings 16 or more token events after 500 ms or more, at 3 events a ms or
// more. idle-gap fires for 10 s.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analyze.ts';
import type { DiagnosticOptions } from './context.ts';
import type { Recording } from '../../recording/types.ts';
import { DONE_EVENT, body, chunk, cleanTextStream, delta, oneEventPerRead, realStreams, timed, untimed } from '../../test/streams.ts';
import type { Diagnostic, DiagnosticCode } from './catalogue.ts';

function findings(recording: Recording, options: Partial<DiagnosticOptions> = {}): { code: DiagnosticCode; severity: string; events: readonly number[]; reads?: readonly number[] }[] {
  return analyzeRecording(recording, options).diagnostics.map(({ code, severity, events, reads }) => ({ code, severity, events, ...(reads ? { reads } : {}) }));
}

function the(recording: Recording, code: DiagnosticCode, options: Partial<DiagnosticOptions> = {}): Diagnostic {
  const found = analyzeRecording(recording, options).diagnostics.filter((diagnostic) => diagnostic.code === code);
  expect(found, `findings with code ${code}`).toHaveLength(1);
  return found[0]!;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** A complete 300-event answer: role, 296 words, stop, usage and [DONE], one SSE event per string. */
const LONG: string[] = [
  chunk([delta({ role: 'assistant', content: '' })]),
  ...range(0, 296).map((i) => chunk([delta({ content: ` w${i}` })])),
  chunk([delta({}, 'stop')]),
  chunk([], { usage: { prompt_tokens: 10, completion_tokens: 296, total_tokens: 306 } }),
  DONE_EVENT,
].map((event) => body(event));
const USAGE_AT = 298;

/** The 7 events of the clean OpenAI stream, one string each. */
const CLEAN = cleanTextStream().split(/(?<=\n\n)/);

/**
 * Reads holding consecutive events of `events`: each step is [t, how many events].
 * The response headers come at `responseAt`.
 */
function deliver(events: readonly string[], steps: readonly [number, number][], responseAt: number): Recording {
  let next = 0;
  const reads = steps.map(([t, count]): [number, string] => {
    const text = events.slice(next, next + count).join('');
    next += count;
    return [t, text];
  });
  expect(next, 'every event is delivered').toBe(events.length);
  return timed(reads, { response: { t: responseAt, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } });
}

/** One event per read, `every` ms apart, from `start`. */
const oneByOne = (count: number, start: number, every: number): [number, number][] => range(0, count).map((i) => [start + i * every, 1]);

describe('buffered-delivery', () => {
  it('fires when 300 events arrive in one read after 2 s of silence', () => {
    const recording = deliver(LONG, [[2100, 300]], 100);
    expect(findings(recording)).toEqual([
      { code: 'buffered-delivery', severity: 'warning', events: range(1, 297), reads: [0] },
      { code: 'usage-chunk', severity: 'info', events: [USAGE_AT] },
    ]);
    expect(the(recording, 'buffered-delivery').message).toBe(
      '296 of 296 token events arrived in one burst at 2100 ms, after 2100 ms of silence: something on the path held them back.',
    );
  });

  it('fires when 300 events arrive in 3 reads, sub-ms apart, after 2 s of silence', () => {
    const recording = deliver(LONG, [[2100, 100], [2100.4, 100], [2100.8, 100]], 100);
    expect(findings(recording)[0]).toEqual({ code: 'buffered-delivery', severity: 'warning', events: range(1, 297), reads: [0, 1, 2] });
    expect(the(recording, 'buffered-delivery').message).toMatch(/^296 of 296 token events arrived in one burst at 2100 ms, after 2100 ms of silence/);
  });

  it('fires for bursts of 4 events, each after 150 ms of silence, naming the largest', () => {
    const recording = deliver(LONG, range(0, 75).map((i): [number, number] => [250 + i * 150, 4]), 100);
    // The first read also holds the role event, and the last the finish, usage and [DONE]: only 3 and 1 tokens.
    expect(findings(recording)[0]).toEqual({ code: 'buffered-delivery', severity: 'warning', events: range(4, 296), reads: range(1, 74) });
    expect(the(recording, 'buffered-delivery').message).toBe(
      '292 of 296 token events arrived in 73 bursts after silences of 100 ms or more; the largest, 4 events at 400 ms after 150 ms: something on the path held them back.',
    );
  });

  it('fires when a held-back delivery brings exactly half of the events', () => {
    const recording = deliver(LONG, [...oneByOne(149, 200, 20), [5200, 151]], 100);
    expect(findings(recording)[0]).toEqual({ code: 'buffered-delivery', severity: 'warning', events: range(149, 297), reads: [149] });
    expect(the(recording, 'buffered-delivery').message).toMatch(/^148 of 296 token events arrived in one burst at 5200 ms/);
  });

  it('does not fire when the held-back delivery brings one event less than half', () => {
    expect(findings(deliver(LONG, [...oneByOne(150, 200, 20), [5200, 150]], 100))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [USAGE_AT] }]);
  });

  it('does not fire for a fast provider: 300 events over 150 ms, a few per read with sub-ms gaps, after a 400 ms time to first token', () => {
    // Reads of 3 events come in pairs 0.3 ms apart, the pairs 2.7 ms apart.
    const steps = range(0, 100).map((i): [number, number] => [500 + Math.floor(i / 2) * 3 + (i % 2) * 0.3, 3]);
    expect(steps.at(-1)![0] - steps[0]![0]).toBeCloseTo(147.3);
    expect(findings(deliver(LONG, steps, 100))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [USAGE_AT] }]);
  });

  it('does not fire for a fast provider whose reads of 2 events come steadily 0.9 ms apart, chained into one delivery', () => {
    const steps = range(0, 150).map((i): [number, number] => [500 + i * 0.9, 2]);
    expect(findings(deliver(LONG, steps, 100))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [USAGE_AT] }]);
  });

  it('does not fire for a short answer that arrives in one read after the model’s first-token wait', () => {
    expect(findings(deliver(CLEAN, [[300, CLEAN.length]], 50))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [5] }]);
  });

  it('does not fire for a slow provider at 20 events/s, one event per read', () => {
    expect(findings(deliver(LONG, oneByOne(300, 600, 50), 100))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [USAGE_AT] }]);
  });

  it('does not fire for bursts of 3 events after each silence: too few to be held back', () => {
    expect(findings(deliver(LONG, range(0, 100).map((i): [number, number] => [250 + i * 150, 3]), 100))).toEqual([
      { code: 'usage-chunk', severity: 'info', events: [USAGE_AT] },
    ]);
  });

  it('does not fire for bursts of 10 events after 99 ms silences, and fires after 100 ms', () => {
    const bursts = (silence: number) => deliver(LONG, range(0, 30).map((i): [number, number] => [100 + (i + 1) * silence, 10]), 100);
    expect(findings(bursts(99)).map((finding) => finding.code)).toEqual(['usage-chunk']);
    expect(findings(bursts(100)).map((finding) => finding.code)).toEqual(['buffered-delivery', 'usage-chunk']);
  });

  it('does not fire for a stream of 5 data events delivered at once: too short to tell', () => {
    const events = [
      chunk([delta({ role: 'assistant', content: '' })]),
      chunk([delta({ content: 'Hi' })]),
      chunk([delta({ content: '!' })]),
      chunk([delta({}, 'stop')]),
      DONE_EVENT,
    ].map((event) => body(event));
    expect(findings(deliver(events, [[2100, 5]], 100))).toEqual([]);
  });

  it('does not count comment events: 5 data events and 10 keep-alives at once are not enough', () => {
    const events = [...range(0, 10).map(() => ': keep-alive\n\n'), body(chunk([delta({ role: 'assistant', content: '' })]), chunk([delta({ content: 'Hi' })]), chunk([delta({ content: '!' })]), chunk([delta({}, 'stop')]), DONE_EVENT)];
    expect(findings(deliver(events, [[2100, 11]], 100)).map((finding) => finding.code)).toEqual(['comment']);
  });

  it('does not fire for an untimed recording of the same bytes', () => {
    expect(findings(untimed(LONG.join('')))).toEqual([{ code: 'usage-chunk', severity: 'info', events: [USAGE_AT] }]);
  });
});

/** An answer of `words` token events: role, the words, stop and [DONE], one SSE event per string. */
const answer = (words: number): string[] =>
  [chunk([delta({ role: 'assistant', content: '' })]), ...range(0, words).map((i) => chunk([delta({ content: ` w${i}` })])), chunk([delta({}, 'stop')]), DONE_EVENT].map((event) => body(event));

/** The role event at 400 ms, a silence, then every other event one a read, `every` ms apart. */
const afterSilence = (events: readonly string[], silence: number, every: number): Recording => deliver(events, [[400, 1], ...oneByOne(events.length - 1, 400 + silence, every)], 100);

/** The recording as the capture proxy made it, its event loop blocked over the `lag` intervals. */
function captured(recording: Recording, lag?: readonly [number, number][]): Recording {
  const relay = { writes: [], writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1_048_576, ...(lag ? { lag } : {}) };
  return { ...recording, source: 'capture', capture: { session: 's', upstream: 'http://127.0.0.1:1/v1', client: { address: '127.0.0.1:2', userAgent: null }, changed: [], servedBy: 'proxy', relay } };
}

describe('capture-lagged: bursts the capture proxy made itself, its event loop blocked', () => {
  // The role at 100 ms, then two bursts of 148 token events, each after 320 ms of silence.
  const twoBursts = deliver(LONG, [[100, 1], [420, 148], [740, 151]], 50);
  const BOTH_BURSTS = { events: range(1, 297), reads: [1, 2] };
  /** Its findings about bursts (the stream's usage chunk is found too). */
  const bursts = (recording: Recording) => findings(recording).filter((found) => found.code === 'buffered-delivery' || found.code === 'capture-lagged');

  it('without lag episodes, the bursts are buffered-delivery', () => {
    expect(bursts(captured(twoBursts))).toEqual([{ code: 'buffered-delivery', severity: 'warning', ...BOTH_BURSTS }]);
    expect(bursts(captured(twoBursts, []))).toEqual([{ code: 'buffered-delivery', severity: 'warning', ...BOTH_BURSTS }]);
  });

  it('with the proxy blocked through both silences, they are capture-lagged, and not buffered-delivery', () => {
    const recording = captured(twoBursts, [[110, 418], [430, 738]]);
    expect(findings(recording)).toEqual([
      { code: 'usage-chunk', severity: 'info', events: [USAGE_AT] },
      { code: 'capture-lagged', severity: 'info', ...BOTH_BURSTS },
    ]);
    expect(the(recording, 'capture-lagged').message).toBe(
      "The capture proxy lagged: its own event loop was blocked for 308 ms at 110 ms (the longest of 2 stalls), so reads were coalesced there: 2 bursts of 296 token events in all came as it caught up, and say nothing of the upstream's pace.",
    );
    expect(the(recording, 'capture-lagged').hint).toMatch(/^The capture proxy's own event loop was blocked/);
  });

  it('a burst outside the stalls is still buffered-delivery, beside the one the capture made', () => {
    const recording = captured(twoBursts, [[110, 418]]);
    expect(bursts(recording)).toEqual([
      { code: 'buffered-delivery', severity: 'warning', events: range(149, 297), reads: [2] },
      { code: 'capture-lagged', severity: 'info', events: range(1, 149), reads: [1] },
    ]);
    expect(the(recording, 'buffered-delivery').message).toBe('148 of 296 token events arrived in one burst at 740 ms, after 320 ms of silence: something on the path held them back.');
    expect(the(recording, 'capture-lagged').message).toBe(
      "The capture proxy lagged: its own event loop was blocked for 308 ms at 110 ms, so reads were coalesced there: the burst of 148 token events at 420 ms came as it caught up, and say nothing of the upstream's pace.",
    );
  });

  it('a stall that ended more than 20 ms before the burst explains nothing: the upstream was silent after it', () => {
    expect(bursts(captured(twoBursts, [[110, 399], [430, 719]]))).toEqual([{ code: 'buffered-delivery', severity: 'warning', ...BOTH_BURSTS }]);
    expect(bursts(captured(twoBursts, [[110, 400], [430, 720]]))).toEqual([{ code: 'capture-lagged', severity: 'info', ...BOTH_BURSTS }]);
  });

  it('a stall right before the burst explains it only when, without the stall, the silence is under 100 ms', () => {
    // Silences of 320 ms: a stall of 211 ms up to the burst, counted from 10 ms before it (the sampler's period), leaves 99 ms of the upstream's own; 210 ms leaves 100.
    expect(bursts(captured(twoBursts, [[209, 420], [529, 740]])).map((found) => found.code)).toEqual(['capture-lagged']);
    expect(bursts(captured(twoBursts, [[210, 420], [530, 740]])).map((found) => found.code)).toEqual(['buffered-delivery']);
  });

  it('a burst that began before the stall is not the stall’s doing', () => {
    expect(bursts(captured(twoBursts, [[421, 700], [741, 900]])).map((found) => found.code)).toEqual(['buffered-delivery']);
  });
});

describe('capture-lagged: bursts the recorder made itself, its own event loop blocked (recorderLag)', () => {
  const twoBursts = deliver(LONG, [[100, 1], [420, 148], [740, 151]], 50);
  const BOTH_BURSTS = { events: range(1, 297), reads: [1, 2] };
  const bursts = (recording: Recording) => findings(recording).filter((found) => found.code === 'buffered-delivery' || found.code === 'capture-lagged');
  /** The recording as Streamscope's recorder made it, its event loop blocked over the `lag` intervals. */
  const recorded = (recording: Recording, lag: readonly [number, number][]): Recording => ({ ...recording, source: 'live', recorderLag: lag });

  it('without stalls, the bursts are buffered-delivery', () => {
    expect(bursts(recorded(twoBursts, []))).toEqual([{ code: 'buffered-delivery', severity: 'warning', ...BOTH_BURSTS }]);
  });

  it('with the recorder blocked through both silences, they are capture-lagged, naming the recorder, and not buffered-delivery', () => {
    const recording = recorded(twoBursts, [[110, 418], [430, 738]]);
    expect(findings(recording)).toEqual([
      { code: 'usage-chunk', severity: 'info', events: [USAGE_AT] },
      { code: 'capture-lagged', severity: 'info', ...BOTH_BURSTS },
    ]);
    expect(the(recording, 'capture-lagged').message).toBe(
      "The recorder lagged: its own event loop was blocked for 308 ms at 110 ms (the longest of 2 stalls), so reads were coalesced there: 2 bursts of 296 token events in all came as it caught up, and say nothing of the upstream's pace.",
    );
    expect(the(recording, 'capture-lagged').hint).toMatch(/or, for a request Streamscope sent itself, the recorder's/);
  });

  it('a burst outside the stalls is still buffered-delivery, beside the one the recorder made', () => {
    expect(bursts(recorded(twoBursts, [[110, 418]]))).toEqual([
      { code: 'buffered-delivery', severity: 'warning', events: range(149, 297), reads: [2] },
      { code: 'capture-lagged', severity: 'info', events: range(1, 149), reads: [1] },
    ]);
  });

  it('its stalls follow the capture’s rules: one ended more than 20 ms before the burst, or a silence of 100 ms left, explains nothing', () => {
    expect(bursts(recorded(twoBursts, [[110, 399], [430, 719]])).map((found) => found.code)).toEqual(['buffered-delivery']);
    expect(bursts(recorded(twoBursts, [[110, 400], [430, 720]])).map((found) => found.code)).toEqual(['capture-lagged']);
    expect(bursts(recorded(twoBursts, [[209, 420], [529, 740]])).map((found) => found.code)).toEqual(['capture-lagged']);
    expect(bursts(recorded(twoBursts, [[210, 420], [530, 740]])).map((found) => found.code)).toEqual(['buffered-delivery']);
  });
});

describe('buffered-delivery of a buffer re-sent one event a read (a gateway re-chunking it)', () => {
  const GATEWAY = answer(64);

  it('fires for 64 token events in 15 ms, one a read, after 1.45 s of silence after the role event', () => {
    // The finish and [DONE] events follow at the same pace: 66 reads over 65 gaps, 64 tokens in the first 63.
    const recording = afterSilence(GATEWAY, 1450, 15 / 63);
    expect(findings(recording)).toEqual([{ code: 'buffered-delivery', severity: 'warning', events: range(1, 65), reads: range(1, 67) }]);
    expect(the(recording, 'buffered-delivery').message).toBe(
      '64 of 64 token events arrived in one burst at 1850 ms, after 1450 ms of silence (64 events in 64 reads over 15.0 ms, 4.3 a ms: re-sent one by one, faster than any model makes them): something on the path held them back.',
    );
  });

  it('fires as before for the same stream direct, all in one read', () => {
    const recording = deliver(GATEWAY, [[400, 1], [1850, GATEWAY.length - 1]], 100);
    expect(findings(recording)).toEqual([{ code: 'buffered-delivery', severity: 'warning', events: range(1, 65), reads: [1] }]);
    expect(the(recording, 'buffered-delivery').message).toBe('64 of 64 token events arrived in one burst at 1850 ms, after 1450 ms of silence: something on the path held them back.');
  });

  it('does not fire for a slow first token followed by a normal pace: 1.5 s, then 40 events 30 ms apart', () => {
    expect(findings(afterSilence(answer(40), 1500, 30))).toEqual([]);
  });

  it('does not fire for a fast model after a long hidden think: 3 s, then 200 events 4 ms apart', () => {
    expect(findings(afterSilence(answer(200), 3000, 4))).toEqual([]);
  });

  it('fires for 16 token events 0.33 ms apart after 500 ms, and not for 15, nor after 499 ms, nor 0.36 ms apart', () => {
    const codes = (recording: Recording) => findings(recording).map((finding) => finding.code);
    expect(codes(afterSilence(answer(16), 500, 0.33))).toEqual(['buffered-delivery']);
    expect(codes(afterSilence(answer(15), 500, 0.33))).toEqual([]);
    expect(codes(afterSilence(answer(16), 499, 0.33))).toEqual([]);
    expect(codes(afterSilence(answer(16), 500, 0.36))).toEqual([]);
  });

  it.each(realStreams().map(({ name, bytes }) => [name, bytes] as const))(
    'does not fire for %s one event a read after 1.5 s, at 30, 4 or 0.5 ms an event',
    (_, bytes) => {
      for (const every of [30, 4, 0.5]) {
        const recording = oneEventPerRead(bytes, (read) => (read === 0 ? 0 : 1500 + read * every));
        expect(analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('buffered-delivery');
      }
    },
  );
});

describe('idle-gap', () => {
  const USAGE_ONLY = [{ code: 'usage-chunk', severity: 'info', events: [5] }];

  it('fires for a silence of exactly 10 s between reads, on the events and read after it', () => {
    const recording = deliver(CLEAN, [[100, 1], [200, 1], [10200, 1], ...oneByOne(4, 10220, 20)], 100);
    expect(findings(recording)).toEqual([
      { code: 'idle-gap', severity: 'warning', events: [2], reads: [2] },
      { code: 'usage-chunk', severity: 'info', events: [5] },
    ]);
    expect(the(recording, 'idle-gap').message).toBe(
      'A silence of 10.0 s or more between reads; the longest, 10.0 s, from 200 ms to 10200 ms (before read 2). Reads after silences: 2.',
    );
  });

  it('does not fire for a silence of 9.9 s at the default 10 s', () => {
    expect(findings(deliver(CLEAN, [[100, 1], [200, 1], [10100, 1], ...oneByOne(4, 10120, 20)], 100))).toEqual(USAGE_ONLY);
  });

  it('fires for a silence between the response headers and the first read', () => {
    const recording = deliver(CLEAN, oneByOne(7, 12100, 20), 100);
    expect(findings(recording)).toEqual([
      { code: 'idle-gap', severity: 'warning', events: [0], reads: [0] },
      { code: 'usage-chunk', severity: 'info', events: [5] },
    ]);
    expect(the(recording, 'idle-gap').message).toContain('the longest, 12.0 s, from 100 ms to 12100 ms (before read 0)');
  });

  it('counts several silences and names the longest', () => {
    const recording = deliver(CLEAN, [[100, 1], [11100, 1], [11200, 1], [31200, 1], ...oneByOne(3, 31300, 20)], 100);
    expect(findings(recording)[0]).toEqual({ code: 'idle-gap', severity: 'warning', events: [1, 3], reads: [1, 3] });
    expect(the(recording, 'idle-gap').message).toBe(
      '2 silences of 10.0 s or more between reads; the longest, 20.0 s, from 11200 ms to 31200 ms (before read 3). Reads after silences: 1, 3.',
    );
  });

  it('lists every event completed by the read after a silence', () => {
    const recording = deliver(CLEAN, [[100, 1], [10100, 2], ...oneByOne(4, 10120, 20)], 100);
    expect(findings(recording)[0]).toEqual({ code: 'idle-gap', severity: 'warning', events: [1, 2], reads: [1] });
  });

  it('uses the idleGapMs option: 3 s fires at 3 s, not at the default', () => {
    const recording = deliver(CLEAN, [[100, 1], [3100, 1], ...oneByOne(5, 3120, 20)], 100);
    expect(findings(recording)).toEqual(USAGE_ONLY);
    expect(findings(recording, { idleGapMs: 3000 })[0]).toEqual({ code: 'idle-gap', severity: 'warning', events: [1], reads: [1] });
    expect(the(recording, 'idle-gap', { idleGapMs: 3000 }).message).toMatch(/^A silence of 3\.0 s or more between reads; the longest, 3\.0 s/);
  });

  it('does not fire for an untimed recording', () => {
    expect(findings(untimed(cleanTextStream()))).toEqual(USAGE_ONLY);
  });
});
