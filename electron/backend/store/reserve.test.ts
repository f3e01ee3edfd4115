// A recording begun on one connection and written on another (the capture proxy reserves the row
// on the relay's thread; its recording thread writes it through a connection of its own).

import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../shared/index.ts';
import { openStore } from './store.ts';
import type { Store } from './types.ts';
import { tempDbPath, utf8 } from './test-support.ts';

const REQUEST: RecordedRequest = { method: 'POST', url: 'https://api.example.com/v1/chat/completions', headers: {}, body: { model: 'm', stream: true } };
const BEGIN = { startedAt: '2026-12-02T00:00:00.000Z', source: 'capture' as const, request: REQUEST };

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function open(path: string, recover?: boolean): Store {
  const store = openStore(path, recover === undefined ? {} : { recover });
  stores.push(store);
  return store;
}

describe('a reserved recording', () => {
  it('is listed as under way at once, and written to its end by another connection', () => {
    const path = tempDbPath();
    const relay = open(path);
    const id = relay.reserveRecording(BEGIN);
    expect(relay.summary(id)).toMatchObject({ outcome: 'recording', source: 'capture' });
    const writer = open(path, false).resumeRecording(id, BEGIN);
    writer.read(1, utf8('data: [DONE]\n\n'));
    expect(writer.finish({ t: 2, outcome: 'eof' })).toBe(true);
    relay.releaseRecording(id);
    expect(relay.get(id)).toMatchObject({ end: { t: 2, outcome: 'eof' }, reads: [{ t: 1 }] });
  });

  it('released with an error while still under way is marked interrupted with it; once ended, the error changes nothing', () => {
    const path = tempDbPath();
    const relay = open(path);
    const lost = relay.reserveRecording(BEGIN);
    relay.releaseRecording(lost, 'the recording thread failed: gone');
    expect(relay.get(lost)?.end).toMatchObject({ outcome: 'interrupted', error: 'the recording thread failed: gone' });

    const done = relay.reserveRecording(BEGIN);
    open(path, false).resumeRecording(done, BEGIN).finish({ t: 3, outcome: 'eof' });
    relay.releaseRecording(done, 'too late');
    expect(relay.get(done)?.end).toEqual({ t: 3, outcome: 'eof' });
  });

  it('written by another thread of this process is left alone by a connection opened without recovery (which cannot see that thread\'s live rows), not by one with it', () => {
    const path = tempDbPath();
    const relay = open(path);
    const id = relay.reserveRecording(BEGIN);
    // As another thread's row looks from here: under way, written by this process, not live on this thread.
    relay.releaseRecording(id);
    expect(open(path, false).recovered).toEqual([]);
    expect(relay.summary(id)).toMatchObject({ outcome: 'recording' });
    expect(open(path).recovered).toEqual([id]);
    expect(relay.summary(id)).toMatchObject({ outcome: 'interrupted' });
  });
});
