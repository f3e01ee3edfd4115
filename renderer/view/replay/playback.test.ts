import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../shared/analysis/scrub.ts';
import { toChoices } from '../../../shared/dialects/chat/message.ts';
import { recordingFromSse } from '../../../shared/formats/sse.ts';
import { BEFORE_FIRST, PACE_MS, playbackOf, positionAt, step, timeOf } from './playback.ts';

const realStreams = join(import.meta.dirname, '..', '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
const at = (...times: (number | null)[]) => times.map((t) => ({ t }));

describe('where a replay on screen stands', () => {
  it('holds every event that had arrived by the recorded time, and none before the first', () => {
    const playback = playbackOf(at(120, 120, 250, 900));
    expect(playback.timed).toBe(true);
    expect(playback.duration).toBe(900);
    expect(positionAt(playback, 0)).toBe(BEFORE_FIRST);
    expect(positionAt(playback, 119.9)).toBe(BEFORE_FIRST);
    // Two events completed by the same read arrive together.
    expect(positionAt(playback, 120)).toBe(1);
    expect(positionAt(playback, 249)).toBe(1);
    expect(positionAt(playback, 250)).toBe(2);
    expect(positionAt(playback, 899)).toBe(2);
    expect(positionAt(playback, 900)).toBe(3);
    expect(positionAt(playback, 1e9)).toBe(3);
  });

  it('paces a recording without times at one event per PACE_MS, and says it is paced', () => {
    const playback = playbackOf(at(null, null, null));
    expect(playback.timed).toBe(false);
    expect([...playback.times]).toEqual([PACE_MS, 2 * PACE_MS, 3 * PACE_MS]);
    expect(positionAt(playback, 2 * PACE_MS)).toBe(1);
    // One untimed event makes the whole recording paced: a mix of real and made-up times would mislead.
    expect(playbackOf(at(5, null)).timed).toBe(false);
  });

  it('never goes back in time when the clock stepped back between reads', () => {
    expect([...playbackOf(at(10, 30, 20, 40)).times]).toEqual([10, 30, 30, 40]);
  });

  it('steps one event at a time within before-the-first and the last event', () => {
    const playback = playbackOf(at(10, 20));
    expect(step(playback, BEFORE_FIRST, -1)).toBe(BEFORE_FIRST);
    expect(step(playback, BEFORE_FIRST, 1)).toBe(0);
    expect(step(playback, 1, 1)).toBe(1);
    expect(timeOf(playback, BEFORE_FIRST)).toBe(0);
    expect(timeOf(playback, 1)).toBe(20);
  });

  it('has nothing to play in a recording without events', () => {
    const playback = playbackOf([]);
    expect(playback.duration).toBe(0);
    expect(positionAt(playback, 100)).toBe(BEFORE_FIRST);
    expect(step(playback, BEFORE_FIRST, 1)).toBe(BEFORE_FIRST);
  });

  it('plays a real capture without times event by event, its message growing in order', () => {
    const analysis = analyzeRecording(recordingFromSse(readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse'))));
    const playback = playbackOf(analysis.events);
    expect(playback.timed).toBe(false);
    expect(playback.duration).toBe(analysis.events.length * PACE_MS);
    const scrubber = createScrubber(analysis.events);
    const final = analysis.choices[0]!.message.content ?? '';
    expect(final.length).toBeGreaterThan(0);
    let previous = '';
    for (let ms = 0; ms <= playback.duration; ms += PACE_MS / 2) {
      const position = positionAt(playback, ms);
      const content = position === BEFORE_FIRST ? '' : (toChoices(scrubber.at(position))[0]?.message.content ?? '');
      expect(final.startsWith(content)).toBe(true);
      expect(content.length).toBeGreaterThanOrEqual(previous.length);
      previous = content;
    }
    expect(previous).toBe(final);
  });
});
