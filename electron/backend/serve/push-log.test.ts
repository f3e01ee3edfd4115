import { describe, expect, it } from 'vitest';
import { createPushLog } from './push-log.ts';

const batch = (id: number) => ({ id, firstRead: 0, reads: [{ t: 1.5, bytes: new Uint8Array([100, 97, 116, 97]) }], events: [] });

describe('the push log', () => {
  it('numbers each push from 1 and frames it as one SSE event with its id, name and bridge JSON', () => {
    const log = createPushLog();
    const frames: string[] = [];
    log.follow((frame) => frames.push(frame));
    log.append('live', batch(7));
    log.append('finished', { id: 7, end: { t: 3, outcome: 'eof' }, summary: null });
    expect(log.latest).toBe(2);
    expect(frames).toEqual([
      'id: 1\nevent: live\ndata: {"id":7,"firstRead":0,"reads":[{"t":1.5,"bytes":{"$bytes":"ZGF0YQ=="}}],"events":[]}\n\n',
      'id: 2\nevent: finished\ndata: {"id":7,"end":{"t":3,"outcome":"eof"},"summary":null}\n\n',
    ]);
  });

  it('gives a client that comes back the pushes after the last id it saw, and nothing when it missed none', () => {
    const log = createPushLog();
    for (let i = 1; i <= 5; i++) log.append('live', batch(i));
    expect(log.since(2)).toEqual({ frames: [3, 4, 5].map((id) => `id: ${id}\nevent: live\ndata: {"id":${id},"firstRead":0,"reads":[{"t":1.5,"bytes":{"$bytes":"ZGF0YQ=="}}],"events":[]}\n\n`) });
    expect(log.since(5)).toEqual({ frames: [] });
    expect(log.since(0)).toMatchObject({ frames: { length: 5 } });
  });

  it('keeps the last `capacity` pushes, and tells a client that needs an older one to start over', () => {
    const log = createPushLog({ capacity: 3 });
    for (let i = 1; i <= 10; i++) log.append('live', batch(i));
    expect(log.since(7)).toMatchObject({ frames: [expect.stringMatching(/^id: 8\n/), expect.stringMatching(/^id: 9\n/), expect.stringMatching(/^id: 10\n/)] });
    expect(log.since(6)).toEqual({ reset: true });
    expect(log.since(0)).toEqual({ reset: true });
  });

  it('drops the oldest pushes past its size bound, but always keeps the newest', () => {
    const log = createPushLog({ maxChars: 300 });
    log.append('live', batch(1));
    log.append('live', batch(2));
    expect(log.since(0)).toMatchObject({ frames: { length: 2 } });
    log.append('live', { ...batch(3), events: [{ data: 'x'.repeat(1000) }] });
    expect(log.since(2)).toMatchObject({ frames: [expect.stringMatching(/^id: 3\n/)] });
    expect(log.since(1)).toEqual({ reset: true });
  });

  it('refuses an id this run never gave (a client of an earlier run)', () => {
    const log = createPushLog();
    log.append('live', batch(1));
    expect(log.since(2)).toEqual({ reset: true });
    expect(log.since(-1)).toEqual({ reset: true });
    expect(log.since(1.5)).toEqual({ reset: true });
  });

  it('stops handing frames to a follower once it unfollows', () => {
    const log = createPushLog();
    const frames: string[] = [];
    const unfollow = log.follow((frame) => frames.push(frame));
    log.append('live', batch(1));
    unfollow();
    log.append('live', batch(2));
    expect(frames).toHaveLength(1);
  });
});
