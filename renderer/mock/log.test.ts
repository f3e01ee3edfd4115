import { beforeAll, describe, expect, it } from 'vitest';
import type { ReplayInfo, ReplayLogEntry, ReplayRequestPush } from '../../shared/api/contract.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { realStream } from '../../shared/test/streams.ts';
import { startReplayServer } from '../../electron/backend/replay/index.ts';
import { wireRequest } from '../../electron/backend/replay/test-client.ts';
import { clockTime, EMPTY_LOG, logRow, servedCount, unseenRequests, withBackendLog, withoutServer, withRequest } from './log.ts';
import type { ReplayLogs } from './log.ts';

// Real log entries, in the order a replay server pushes them: a streamed answer (paced, so it
// ends last, 14 events 50 ms apart) asked first, then two quick errors, then a stream cut by a fault.
const pushed: ReplayLogEntry[] = [];
let cut: ReplayLogEntry;
beforeAll(async () => {
  const recording = recordingFromSse(realStream('openai-gpt4o-structured-text-usage.sse'));
  const paced = await startReplayServer({ sources: [{ label: 'plain', recording }], untimedIntervalMs: 50, onRequest: (entry) => pushed.push(entry) });
  try {
    let firstChunk!: () => void;
    const started = new Promise<void>((resolve) => (firstChunk = resolve));
    const streamed = wireRequest(`${paced.baseUrl}/chat/completions`, { body: '{"model":"gpt-4o","messages":[]}', onChunk: () => firstChunk() });
    await started;
    await wireRequest(`${paced.baseUrl}/models`, { method: 'GET' });
    await wireRequest(`${paced.baseUrl}/chat/completions`, { method: 'PUT', body: '{}' });
    await streamed;
  } finally {
    await paced.close();
  }
  const faulty = await startReplayServer({ sources: [{ label: 'plain', recording }], speed: 0, faults: { cutAfterEvent: 2 }, onRequest: (entry) => (cut = entry) });
  try {
    await wireRequest(`${faulty.baseUrl}/chat/completions`, { body: '{}' });
  } finally {
    await faulty.close();
  }
});

const push = (replay: number, request: ReplayLogEntry): ReplayRequestPush => ({ replay, request });
const ids = (logs: ReplayLogs, replay: number): number[] => (logs.get(replay) ?? EMPTY_LOG).entries.map((entry) => entry.id);

describe('the request log', () => {
  it('is pushed out of order by a real server: the long stream ends after the requests that came later', () => {
    expect(pushed.map((entry) => entry.id)).toEqual([2, 3, 1]);
  });

  it('keeps each server’s requests newest first by arrival, whatever order the pushes come in', () => {
    let logs: ReplayLogs = new Map();
    for (const entry of pushed) logs = withRequest(logs, push(7, entry));
    expect(ids(logs, 7)).toEqual([3, 2, 1]);
    expect(logs.get(7)!.entries[2]).toBe(pushed[2]);
    logs = withRequest(logs, push(8, cut));
    expect([ids(logs, 7), ids(logs, 8)]).toEqual([[3, 2, 1], [1]]);
  });

  it('counts a push seen twice once, and leaves the log as it was', () => {
    let logs: ReplayLogs = new Map();
    for (const entry of pushed) logs = withRequest(logs, push(1, entry));
    expect(withRequest(logs, push(1, pushed[0]!))).toBe(logs);
  });

  it('lets the oldest lines go past its limit, and counts them', () => {
    let logs: ReplayLogs = new Map();
    for (const entry of [pushed[0]!, pushed[2]!]) logs = withRequest(logs, push(1, entry), 2);
    logs = withRequest(logs, push(1, pushed[1]!), 2);
    expect([ids(logs, 1), logs.get(1)!.dropped]).toEqual([[3, 2], 1]);
    // One older than all kept, when full, is let go at once.
    logs = withRequest(logs, push(1, { ...pushed[2]!, id: 0 }), 2);
    expect([ids(logs, 1), logs.get(1)!.dropped]).toEqual([[3, 2], 2]);
  });

  it('takes in the backend’s log of requests served before the page listened, a line in both counted once', () => {
    const [second, third, first] = pushed as [ReplayLogEntry, ReplayLogEntry, ReplayLogEntry];
    // The page heard of request 3 (and a later 4) by push; the backend kept 3, 2 and 1, with 5 let go before them.
    const later = { ...third, id: 4 };
    let logs: ReplayLogs = withRequest(withRequest(new Map(), push(1, third)), push(1, later));
    logs = withBackendLog(logs, 1, { entries: [third, second, first], dropped: 5 });
    expect([ids(logs, 1), logs.get(1)!.dropped]).toEqual([[4, 3, 2, 1], 5]);
    const info: ReplayInfo = { id: 1, baseUrl: 'http://127.0.0.1:1/v1', recordings: [1], speed: 1, precise: false, faults: [], requests: 9 };
    expect([unseenRequests(info, logs.get(1)!), servedCount(info, logs.get(1)!)]).toEqual([0, 9]);
    // Past the limit, the oldest lines go and are counted.
    expect(withBackendLog(new Map(), 1, { entries: [third, second, first], dropped: 0 }, 2).get(1)).toEqual({ entries: [third, second], dropped: 1 });
  });

  it('forgets a stopped server’s lines, and no other', () => {
    let logs: ReplayLogs = new Map();
    logs = withRequest(withRequest(logs, push(1, pushed[0]!)), push(2, cut));
    expect([...withoutServer(logs, 1).keys()]).toEqual([2]);
    expect(withoutServer(logs, 9)).toBe(logs);
  });

  it('says how many requests were answered before the page had a line for them', () => {
    const info: ReplayInfo = { id: 1, baseUrl: 'http://127.0.0.1:1/v1', recordings: [1], speed: 1, precise: false, faults: [], requests: 5 };
    expect(unseenRequests(info, { entries: pushed, dropped: 1 })).toBe(1);
    expect(unseenRequests({ ...info, requests: 2 }, { entries: pushed, dropped: 0 })).toBe(0);
  });

  it('counts the requests served from the lines pushed since the server was last listed (regression: "Stopped … after 0 requests" with one in the log)', () => {
    const info: ReplayInfo = { id: 1, baseUrl: 'http://127.0.0.1:1/v1', recordings: [1], speed: 1, precise: false, faults: [], requests: 0 };
    expect(servedCount(info, { entries: pushed, dropped: 1 })).toBe(pushed.length + 1);
    expect(servedCount({ ...info, requests: 9 }, { entries: pushed, dropped: 0 })).toBe(9);
  });
});

describe('a line of the log', () => {
  it('reads the streamed answer as served by its recording, complete', () => {
    const streamed = pushed.find((entry) => entry.id === 1)!;
    expect(logRow(streamed)).toEqual({
      time: clockTime(streamed.time),
      request: 'POST /v1/chat/completions',
      model: 'gpt-4o',
      matched: 'plain',
      status: '200',
      outcome: 'complete',
      faults: '',
    });
  });

  it('reads an error answer as no match, with its status', () => {
    expect(logRow(pushed.find((entry) => entry.id === 2)!)).toMatchObject({ request: 'GET /v1/models', model: '–', matched: 'no match', status: '404', outcome: 'complete' });
    expect(logRow(pushed.find((entry) => entry.id === 3)!)).toMatchObject({ request: 'PUT /v1/chat/completions', status: '405' });
  });

  it('reads a cut stream as cut, with what the fault did', () => {
    expect(logRow(cut)).toMatchObject({ status: '200', outcome: 'cut', faults: expect.stringMatching(/^cut after event 2 \(byte \d+\)$/) as unknown });
  });

  it('gives the time of day to the millisecond', () => {
    const at = new Date(2026, 10, 30, 8, 5, 9, 42);
    expect(clockTime(at.toISOString())).toBe('08:05:09.042');
    expect(clockTime('not a time')).toBe('not a time');
  });
});
