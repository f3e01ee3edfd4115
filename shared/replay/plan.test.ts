import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../formats/bytes.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';
import { latin1, recordScenarios } from '../test/replay-support.ts';
import type { NamedRecording } from '../test/replay-support.ts';
import { cleanTextStream, realStreams, timed } from '../test/streams.ts';
import { DEFAULT_UNTIMED_INTERVAL_MS, planReplay } from './plan.ts';

const corpus = realStreams().map(({ name, bytes }) => ({ name, recording: recordingFromSse(bytes) }));
let simulated: NamedRecording[];
beforeAll(async () => {
  simulated = await recordScenarios();
});

const LEFT_OUT = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

describe('a replay plan without faults', () => {
  it('sends every simulator recording as recorded: its status, its headers less those that no longer hold, one write per read at its time since the response line', () => {
    expect(simulated).toHaveLength(23);
    for (const { name, recording } of simulated) {
      const plan = planReplay(recording);
      const origin = recording.response!.t!;
      expect(plan.status, name).toBe(recording.response!.status);
      expect(plan.headers, name).toEqual(Object.entries(recording.response!.headers).filter(([header]) => !LEFT_OUT.includes(header)));
      expect(plan.writes.map((write) => latin1(write.bytes)), name).toEqual(recording.reads.map((read) => latin1(read.bytes)));
      expect(plan.writes.map((write) => write.at), name).toEqual(recording.reads.map((read) => read.t! - origin));
      expect(plan.end, name).toEqual({ at: recording.end!.t! - origin, how: recording.end!.outcome === 'error' ? 'destroy' : 'end' });
    }
    // The one the simulator cut is cut again; the others end cleanly.
    expect(simulated.filter(({ recording }) => planReplay(recording).end.how === 'destroy').map(({ name }) => name)).toEqual(['connection-drop']);
  });

  it('paces an untimed body one event a write, evenly, and sends every byte of every corpus stream', () => {
    for (const { name, recording } of corpus) {
      const body = recording.reads[0]!.bytes;
      const { events } = parseSse(body);
      const plan = planReplay(recording, { untimedIntervalMs: 7 });
      const ends = events.map((event) => event.end);
      if (ends.at(-1) !== body.length) ends.push(body.length);
      expect(plan.writes.map((write) => latin1(write.bytes)), name).toEqual(ends.map((end, i) => latin1(body.subarray(i === 0 ? 0 : ends[i - 1], end))));
      expect(plan.writes.map((write) => write.at), name).toEqual(ends.map((_, i) => i * 7));
      expect(latin1(concatBytes(plan.writes.map((write) => write.bytes))), name).toBe(latin1(body));
      expect(plan.status).toBe(200);
      expect(plan.headers).toEqual([
        ['content-type', 'text/event-stream; charset=utf-8'],
        ['cache-control', 'no-cache'],
      ]);
      expect(plan.end).toEqual({ at: (ends.length - 1) * 7, how: 'end' });
    }
  });

  it(`paces untimed events ${DEFAULT_UNTIMED_INTERVAL_MS} ms apart by default, and not at all with an interval of 0`, () => {
    const recording = recordingFromSse(new TextEncoder().encode(cleanTextStream()));
    expect(planReplay(recording).writes.map((write) => write.at)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => i * DEFAULT_UNTIMED_INTERVAL_MS));
    expect(planReplay(recording, { untimedIntervalMs: 0 }).writes.map((write) => write.at)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('scales every time by the speed: 2 plays twice as fast, 0 sends everything at once', () => {
    const recording = timed([
      [100, 'data: {"a":1}\n\n'],
      [130, 'data: {"a":2}\n\n'],
      [190, 'data: [DONE]\n\n'],
    ], { end: { t: 200, outcome: 'eof' } });
    const at = (speed: number) => planReplay(recording, { speed }).writes.map((write) => write.at);
    expect(at(1)).toEqual([0, 30, 90]);
    expect(at(2)).toEqual([0, 15, 45]);
    expect(at(0.5)).toEqual([0, 60, 180]);
    expect(at(0)).toEqual([0, 0, 0]);
    expect(planReplay(recording, { speed: 2 }).end).toEqual({ at: 50, how: 'end' });
    expect(planReplay(recording, { speed: 0 }).end).toEqual({ at: 0, how: 'end' });
    expect(planReplay(recording, { speed: 4, untimedIntervalMs: 40 }).writes.map((write) => write.at)).toEqual([0, 7.5, 22.5]);
  });

  it('times reads from the first read when the recording has no response line, and keeps the silence before a recorded end', () => {
    const recording: Recording = { ...timed([[50, 'data: 1\n\n'], [80, 'data: 2\n\n']]), response: null, end: { t: 1080, outcome: 'timeout', error: 'the stream went silent (1000 ms)' } };
    const plan = planReplay(recording);
    expect(plan.writes.map((write) => write.at)).toEqual([0, 30]);
    expect(plan.end).toEqual({ at: 1030, how: 'end' });
  });

  it('drops the connection unanswered when the recorded exchange got no response at all', () => {
    const failed: Recording = {
      source: 'live',
      startedAt: null,
      request: { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: {}, body: { model: 'm' } },
      response: null,
      reads: [],
      end: { t: 3.5, outcome: 'error', error: 'connection refused (ECONNREFUSED)' },
    };
    expect(planReplay(failed)).toEqual({
      status: null,
      headers: [],
      writes: [],
      end: { at: 3.5, how: 'destroy' },
      applied: ['the recorded exchange got no response: the connection is dropped unanswered'],
      droppedHeaders: [],
    });
  });

  it('leaves out secret headers (even redacted) and headers Node could not send, and says so', () => {
    const recording = timed([[1, 'data: [DONE]\n\n']], {
      response: {
        t: 0,
        status: 200,
        httpVersion: '1.1',
        headers: {
          'Content-Type': 'text/event-stream',
          'Set-Cookie': '__cf_bm=abcdefghijklmnop; Path=/',
          'x-api-key': 'sk-…a1b2',
          'openai-processing-ms': '212',
          'x-bad': 'two\r\nlines',
          ':status': '200',
          'Content-Encoding': 'gzip',
        },
      },
    });
    const plan = planReplay(recording);
    expect(plan.headers).toEqual([
      ['Content-Type', 'text/event-stream'],
      ['openai-processing-ms', '212'],
    ]);
    expect(plan.droppedHeaders).toEqual(['set-cookie (secret)', 'x-api-key (secret)', 'x-bad (not a valid header)', ':status (not a valid header)', 'content-encoding (no longer holds)']);
    expect(plan.applied).toEqual([]);
  });

  it('refuses a speed or interval that is not a number of 0 or more', () => {
    const recording = recordingFromSse(new TextEncoder().encode(cleanTextStream()));
    expect(() => planReplay(recording, { speed: -1 })).toThrow(new RangeError('speed must be a number, 0 or more, not -1'));
    expect(() => planReplay(recording, { speed: Number.NaN })).toThrow(RangeError);
    expect(() => planReplay(recording, { untimedIntervalMs: Infinity })).toThrow(new RangeError('untimedIntervalMs must be a number, 0 or more, not Infinity'));
  });
});
