import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import { DONE } from '../dialects/chat/interpret.ts';
import { concatBytes } from '../formats/bytes.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';
import { latin1, recordScenarios } from '../test/replay-support.ts';
import type { NamedRecording } from '../test/replay-support.ts';
import { byteByByte, realStream, realStreams, splitAt, timed } from '../test/streams.ts';
import { checkFaults, describeFaults } from './faults.ts';
import type { ReplayFaults } from './faults.ts';
import { planReplay } from './plan.ts';
import type { ReplayPlan } from './plan.ts';
import { chatReading } from '../dialects/chat/kept.ts';

const corpus = realStreams().map(({ name, bytes }) => ({ name, recording: recordingFromSse(bytes) }));
let simulated: NamedRecording[];
let all: NamedRecording[];
beforeAll(async () => {
  simulated = await recordScenarios();
  all = [...simulated, ...corpus];
});

const bodyOf = (recording: Recording): Uint8Array => concatBytes(recording.reads.map((read) => read.bytes));
const sent = (plan: ReplayPlan): Uint8Array => concatBytes(plan.writes.map((write) => write.bytes));
/** Each event's raw bytes, as the parser delimits them. */
const slices = (body: Uint8Array): string[] => parseSse(body).events.map((event) => latin1(body.subarray(event.start, event.end)));
const isUsageChunk = (data: string | null): boolean => {
  try {
    const json = JSON.parse(data ?? '');
    return Array.isArray(json.choices) && json.choices.length === 0 && typeof json.usage === 'object' && json.usage !== null;
  } catch {
    return false;
  }
};
/** What a client would have recorded of the replay: the writes as reads, and how it ended. */
function replayed(plan: ReplayPlan): Recording {
  return {
    source: 'ssrec',
    startedAt: null,
    request: null,
    response: { t: 0, status: plan.status ?? 0, httpVersion: '1.1', headers: Object.fromEntries(plan.headers) },
    reads: plan.writes.map((write) => ({ t: write.at, bytes: write.bytes })),
    end: { t: plan.end.at, outcome: plan.end.how === 'end' ? 'eof' : 'error' },
  };
}
const codes = (recording: Recording): string[] => analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.code);
const writes = (plan: ReplayPlan): [number, string][] => plan.writes.map((write) => [write.at, latin1(write.bytes)]);

/** Three reads that cut a content chunk, the finish chunk, the usage chunk and [DONE] at awkward places. */
const AWKWARD = timed(
  [
    [10, 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"st'],
    [20, 'op"}]}\n\ndata: {"choices":[],"usage":{"total_tokens":3}}\n\nda'],
    [30, 'ta: [DONE]\n\n'],
  ],
  { end: { t: 35, outcome: 'eof' } },
);
const HI = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\n';
const FINISH = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const USAGE = 'data: {"choices":[],"usage":{"total_tokens":3}}\n\n';
/** Where the first read ends inside the finish chunk. */
const SPLIT = FINISH.indexOf('op"}');

describe('faults that remove bytes keep every other byte in the read it came in', () => {
  it('drops [DONE] across a read boundary', () => {
    const plan = planReplay(AWKWARD, { faults: { dropDone: true } });
    expect(writes(plan)).toEqual([
      [0, HI + FINISH.slice(0, SPLIT)],
      [10, FINISH.slice(SPLIT) + USAGE],
    ]);
    expect(plan.end).toEqual({ at: 25, how: 'end' });
    expect(plan.applied).toEqual(['dropped [DONE] (event 3)']);
  });

  it('drops the finish-only chunk, split over two reads', () => {
    const plan = planReplay(AWKWARD, { faults: { dropFinish: true } });
    expect(writes(plan)).toEqual([
      [0, HI],
      [10, USAGE + 'da'],
      [20, 'ta: [DONE]\n\n'],
    ]);
    expect(plan.applied).toEqual(['dropped the finish-only chunk (event 1)']);
  });

  it('drops the finish, the usage chunk and [DONE] together: reads left empty are not written', () => {
    const plan = planReplay(AWKWARD, { faults: { dropDone: true, dropFinish: true, dropUsage: true } });
    expect(writes(plan)).toEqual([[0, HI]]);
    expect(plan.end).toEqual({ at: 25, how: 'end' });
    expect(plan.applied).toEqual(['dropped [DONE] (event 3)', 'dropped the usage chunk (event 2)', 'dropped the finish-only chunk (event 1)']);
  });

  it('sets finish_reason to null in place, byte for byte, in a chunk that also carries content, where the value began', () => {
    const recording = timed([
      [0, 'data: {"choices":[{"index":0,"delta":{"content":"!"},"finish_reason" : "st'],
      [5, 'op"},{"index":1,"delta":{"content":"?"},"finish_reason":null}]}\r\n\r\n'],
    ]);
    const plan = planReplay(recording, { faults: { dropFinish: true } });
    expect(writes(plan)).toEqual([
      [0, 'data: {"choices":[{"index":0,"delta":{"content":"!"},"finish_reason" : null'],
      [5, '},{"index":1,"delta":{"content":"?"},"finish_reason":null}]}\r\n\r\n'],
    ]);
    expect(plan.applied).toEqual(['finish_reason set to null (event 0)']);
  });

  it('drops [DONE] from every stream that has one, and nothing else', () => {
    for (const { name, recording } of all) {
      const body = bodyOf(recording);
      const plan = planReplay(recording, { faults: { dropDone: true } });
      const events = parseSse(body).events;
      const kept = events.filter((event) => event.data !== DONE).map((event) => latin1(body.subarray(event.start, event.end)));
      expect(slices(sent(plan)), name).toEqual(kept);
      const hadDone = kept.length < events.length;
      expect(codes(replayed(plan)).includes('no-done'), name).toBe(hadDone || codes(recording).includes('no-done'));
      if (recording.source !== 'live') continue;
      // On loopback [DONE] comes whole in a read: each read goes out without it, at its own time.
      const origin = recording.response!.t!;
      const expected = recording.reads
        .map((read): [number, string] => [read.t! - origin, latin1(read.bytes).replace(/data: \[DONE\](\r\n|\r|\n)(\r\n|\r|\n)/, '')])
        .filter(([, text]) => text !== '');
      expect(writes(plan), name).toEqual(expected);
    }
  });

  it('drops every finish reason: finish-only chunks go, other chunks carry null, and the messages stay as they were', () => {
    let finishOnly = 0;
    let rewritten = 0;
    for (const { name, recording } of all) {
      const body = bodyOf(recording);
      const plan = planReplay(recording, { faults: { dropFinish: true } });
      const before = toContract(analyzeRecording(recording));
      const after = toContract(analyzeRecording(replayed(plan)));
      expect(after.choices, name).toEqual(before.choices.map((choice) => ({ ...choice, finish_reason: null })));
      expect(after.usage, name).toEqual(before.usage);
      if (before.choices.length > 0) expect(after.diagnostics.map((d) => d.code), name).toContain('missing-finish-reason');

      // Independently of the byte scanner: the same text with each finish value replaced by a regular expression.
      const expected = slices(body).flatMap((slice) => {
        const nulled = slice.replace(/(?<!\\)("finish_reason"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1null');
        if (nulled === slice) return [slice];
        const { ops } = chatReading(analyzeRecording(recordingFromSse(new Uint8Array(Buffer.from(slice, 'latin1')))).events[0]!);
        const onlyFinish = ops.every((op) => op.type === 'finish' || (op.type === 'text' && op.text === ''));
        if (onlyFinish) finishOnly++;
        else rewritten++;
        return onlyFinish ? [] : [nulled];
      });
      expect(slices(sent(plan)), name).toEqual(expected);
    }
    // Both kinds occur in the corpus: the assertions above were not vacuous.
    expect(finishOnly).toBeGreaterThan(20);
    expect(rewritten).toBeGreaterThan(5);
  });

  it('drops the usage chunk (choices: [] with usage) and nothing else', () => {
    let dropped = 0;
    for (const { name, recording } of all) {
      const body = bodyOf(recording);
      const plan = planReplay(recording, { faults: { dropUsage: true } });
      const events = parseSse(body).events;
      const kept = events.filter((event) => !isUsageChunk(event.data)).map((event) => latin1(body.subarray(event.start, event.end)));
      dropped += events.length - kept.length;
      expect(slices(sent(plan)), name).toEqual(kept);
      expect(codes(replayed(plan)), name).not.toContain('usage-chunk');
    }
    expect(dropped).toBeGreaterThan(15);
  });

  it('corrupts the event asked for: its data is cut in half and no longer JSON, every other event is untouched', () => {
    for (const { name, recording } of all) {
      const body = bodyOf(recording);
      const events = parseSse(body).events;
      const target = events.filter((event) => event.data?.startsWith('{'))[Math.floor(events.length / 3)] ?? events.find((event) => event.data?.startsWith('{'));
      if (!target) continue;
      const plan = planReplay(recording, { faults: { corruptEvent: target.index } });
      const after = parseSse(sent(plan)).events;
      expect(after.length, name).toBe(events.length);
      expect(after.map((event) => event.data).filter((_, i) => i !== target.index), name).toEqual(events.map((event) => event.data).filter((_, i) => i !== target.index));
      const data = after[target.index]!.data!;
      expect(target.data!.startsWith(data) && data.length < target.data!.length && data.length >= Math.floor(target.data!.length / 2) - 3, name).toBe(true);
      expect(() => JSON.parse(data), name).toThrow();
      const invalid = analyzeRecording(replayed(plan)).diagnostics.find((diagnostic) => diagnostic.code === 'invalid-json');
      expect(invalid?.events, name).toContain(target.index);
      expect(plan.applied[0], name).toMatch(new RegExp(`^corrupted event ${target.index} \\(data cut to \\d+ of \\d+ bytes\\)$`));
    }
  });

  it('corrupts [DONE] too, and cuts a multi-byte character nowhere', () => {
    const recording = timed([[0, 'data: {"c":"ééééé"}\n\ndata: [DONE]\n\n']]);
    expect(latin1(sent(planReplay(recording, { faults: { corruptEvent: 0 } })))).toBe(latin1(new TextEncoder().encode('data: {"c":"é\n\ndata: [DONE]\n\n')));
    expect(latin1(sent(planReplay(recording, { faults: { corruptEvent: 1 } })))).toBe('data: {"c":"Ã©Ã©Ã©Ã©Ã©"}\n\ndata: [DO\n\n');
  });

  it('corrupts a number payload by emptying it, since half a number may still be one', () => {
    const plan = planReplay(timed([[0, 'data: 12345\n\n']]), { faults: { corruptEvent: 0 } });
    expect(latin1(sent(plan))).toBe('data: \n\n');
  });
});

describe('faults that cut, stall or hold the stream', () => {
  it('cuts each simulator recording right after event N: its bytes up to that event, in the recorded reads, then the connection is destroyed at that read', () => {
    for (const { name, recording } of simulated) {
      const events = parseSse(recording.reads.map((read) => read.bytes)).events;
      if (events.length < 2) continue;
      const event = events[Math.floor(events.length / 2)]!;
      const plan = planReplay(recording, { faults: { cutAfterEvent: event.index } });
      const origin = recording.response!.t!;
      let offset = 0;
      const expected = recording.reads.slice(0, event.read + 1).map((read): [number, string] => {
        const keep = Math.min(read.bytes.length, event.end - offset);
        offset += read.bytes.length;
        return [read.t! - origin, latin1(read.bytes.subarray(0, keep))];
      });
      expect(writes(plan), name).toEqual(expected);
      expect(plan.end, name).toEqual({ at: recording.reads[event.read]!.t! - origin, how: 'destroy' });
      expect(codes(replayed(plan)), name).toContain('connection-error');
    }
  });

  it('cuts after byte N of what is sent, mid-read and mid-event', () => {
    expect(writes(planReplay(AWKWARD, { faults: { cutAfterByte: HI.length + 10 } }))).toEqual([[0, HI + FINISH.slice(0, 10)]]);
    const plan = planReplay(AWKWARD, { faults: { cutAfterByte: HI.length + FINISH.length - 3, dropDone: true } });
    expect(writes(plan)).toEqual([
      [0, HI + FINISH.slice(0, SPLIT)],
      [10, FINISH.slice(SPLIT, -3)],
    ]);
    expect(plan.end).toEqual({ at: 10, how: 'destroy' });
    expect(planReplay(AWKWARD, { faults: { cutAfterByte: 0 } })).toMatchObject({ writes: [], end: { at: 0, how: 'destroy' } });
  });

  it('cuts at the end, after every byte, when the event or byte asked for is past the body', () => {
    const byEvent = planReplay(AWKWARD, { faults: { cutAfterEvent: 9 } });
    expect(latin1(sent(byEvent))).toBe(latin1(bodyOf(AWKWARD)));
    expect(byEvent.end).toEqual({ at: 25, how: 'destroy' });
    expect(byEvent.applied).toEqual(['cut after event 9: no such event (the recording has 4), cut at the end']);
    const byByte = planReplay(AWKWARD, { faults: { cutAfterByte: 10_000 } });
    expect(byByte.end).toEqual({ at: 25, how: 'destroy' });
    expect(byByte.applied).toEqual([`cut after byte 10000: the body has ${bodyOf(AWKWARD).length}, cut at the end`]);
  });

  it('cuts after a dropped event where its bytes would have ended', () => {
    const plan = planReplay(AWKWARD, { faults: { dropUsage: true, cutAfterEvent: 2 } });
    expect(writes(plan)).toEqual([
      [0, HI + FINISH.slice(0, SPLIT)],
      [10, FINISH.slice(SPLIT)],
    ]);
    expect(plan.end).toEqual({ at: 10, how: 'destroy' });
  });

  it('stalls before an event that starts mid-read: the read is split there and everything after waits', () => {
    const plan = planReplay(AWKWARD, { faults: { stalls: [{ beforeEvent: 1, ms: 500 }, { beforeEvent: 3, ms: 40 }] } });
    expect(writes(plan)).toEqual([
      [0, HI],
      [500, FINISH.slice(0, SPLIT)],
      [510, FINISH.slice(SPLIT) + USAGE],
      [550, 'da'],
      [560, 'ta: [DONE]\n\n'],
    ]);
    expect(plan.end).toEqual({ at: 565, how: 'end' });
    expect(plan.applied).toEqual(['stalled 500 ms before event 1', 'stalled 40 ms before event 3']);
  });

  it('stalls each simulator recording before one event: the same bytes, the later writes all exactly that much later', () => {
    for (const { name, recording } of simulated) {
      const body = bodyOf(recording);
      const events = parseSse(body).events;
      if (events.length < 3) continue;
      const plain = planReplay(recording);
      const plan = planReplay(recording, { faults: { stalls: [{ beforeEvent: 2, ms: 1234 }] } });
      expect(latin1(sent(plan)), name).toBe(latin1(body));
      const start = events[2]!.start;
      let offset = 0;
      const expected: [number, string][] = [];
      for (const write of plain.writes) {
        const text = latin1(write.bytes);
        const split = start - offset;
        if (split > 0 && split < text.length) expected.push([write.at, text.slice(0, split)], [write.at + 1234, text.slice(split)]);
        else expected.push([offset >= start ? write.at + 1234 : write.at, text]);
        offset += text.length;
      }
      expect(writes(plan), name).toEqual(expected);
      expect(plan.end, name).toEqual({ ...plain.end, at: plain.end.at + 1234 });
    }
  });

  it('holds everything until the recorded end, as a buffering proxy does', () => {
    for (const { name, recording } of simulated) {
      const plan = planReplay(recording, { faults: { bufferAll: true } });
      const plain = planReplay(recording);
      expect(writes(plan), name).toEqual([[plain.end.at, latin1(bodyOf(recording))]]);
      expect(plan.end, name).toEqual(plain.end);
    }
    const slow = timed(Array.from({ length: 40 }, (_, i): [number, string] => [i * 50, `data: {"choices":[{"index":0,"delta":{"content":"w${i}"}}]}\n\n`]));
    expect(codes(replayed(planReplay(slow, { faults: { bufferAll: true } })))).toContain('buffered-delivery');
  });

  it('holds what goes before a cut and sends it at the cut', () => {
    const plan = planReplay(AWKWARD, { faults: { bufferAll: true, cutAfterEvent: 1 } });
    expect(writes(plan)).toEqual([[10, HI + FINISH]]);
    expect(plan.end).toEqual({ at: 10, how: 'destroy' });
  });
});

describe('the status fault', () => {
  it('answers with the status and an OpenAI-shaped error instead of the recording, whatever else was asked', () => {
    const plan = planReplay(AWKWARD, { faults: { status: { code: 429 }, dropDone: true } });
    const body = JSON.stringify({
      error: { message: 'Streamscope replay answers HTTP 429 instead of the recording (the status fault).', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
    expect(plan).toEqual({
      status: 429,
      headers: [
        ['content-type', 'application/json'],
        ['content-length', String(body.length)],
      ],
      writes: [{ at: 0, bytes: new TextEncoder().encode(body) }],
      end: { at: 0, how: 'end' },
      applied: ['answered HTTP 429 instead of the recording', 'ignored (no stream is sent): drop [DONE]'],
      droppedHeaders: [],
    });
    expect(JSON.parse(latin1(sent(planReplay(AWKWARD, { faults: { status: { code: 503 } } })))).error.type).toBe('server_error');
  });

  it('sends the body given, as JSON when it is JSON and as text otherwise', () => {
    const text = planReplay(AWKWARD, { faults: { status: { code: 502, body: '<html>Bad gateway</html>' } } });
    expect(text.headers).toEqual([
      ['content-type', 'text/plain; charset=utf-8'],
      ['content-length', '24'],
    ]);
    expect(latin1(sent(text))).toBe('<html>Bad gateway</html>');
    expect(planReplay(AWKWARD, { faults: { status: { code: 400, body: '{"error":{"message":"no"}}' } } }).headers[0]).toEqual(['content-type', 'application/json']);
    expect(planReplay(AWKWARD, { faults: { status: { code: 500, body: '' } } }).writes).toEqual([]);
  });
});

describe('fault arguments', () => {
  it('says when a fault found nothing to do', () => {
    const bare = timed([[0, ': ping\n\ndata: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n']]);
    expect(planReplay(bare, { faults: { dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 0, stalls: [{ beforeEvent: 7, ms: 5 }] } }).applied).toEqual([
      'drop [DONE]: the recording has no [DONE]',
      'drop usage: the recording has no usage chunk (choices: [] with usage)',
      'drop finish: no chunk carries a finish_reason',
      'corrupt event 0: the event carries no data',
      'stall before event 7: no such event (the recording has 2)',
    ]);
    expect(planReplay(AWKWARD, { faults: { dropDone: true, corruptEvent: 3 } }).applied).toEqual(['dropped [DONE] (event 3)', 'corrupt event 3: the event is dropped by another fault']);
    expect(planReplay(AWKWARD, { faults: { corruptEvent: 4 } }).applied).toEqual(['corrupt event 4: no such event (the recording has 4)']);
  });

  it('refuses faults no replay can apply', () => {
    expect(() => checkFaults({ cutAfterEvent: -1 })).toThrow(new RangeError('cutAfterEvent must be an integer, 0 or more, not -1'));
    expect(() => checkFaults({ cutAfterByte: 1.5 })).toThrow(new RangeError('cutAfterByte must be an integer, 0 or more, not 1.5'));
    expect(() => checkFaults({ stalls: [{ beforeEvent: 1, ms: -5 }] })).toThrow(new RangeError('stalls[].ms must be a number of milliseconds, 0 or more, not -5'));
    expect(() => checkFaults({ status: { code: 99 } })).toThrow(new RangeError('status.code must be an HTTP status from 200 to 599, not 99'));
    expect(() => planReplay(AWKWARD, { faults: { corruptEvent: Number.NaN } })).toThrow(RangeError);
  });

  it('names each fault in the words the command line uses', () => {
    const faults: ReplayFaults = { status: { code: 500, body: 'x' }, cutAfterEvent: 7, cutAfterByte: 99, stalls: [{ beforeEvent: 3, ms: 500 }], dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 2, bufferAll: true };
    expect(describeFaults(faults)).toEqual([
      'answer HTTP 500 with the given body',
      'cut after event 7',
      'cut after byte 99',
      'stall 500 ms before event 3',
      'drop [DONE]',
      'drop finish_reason',
      'drop the usage chunk',
      'corrupt event 2',
      'buffer everything until the end',
    ]);
    expect(describeFaults({})).toEqual([]);
  });
});

describe('chunk-boundary invariance', () => {
  const FAULTS: ReplayFaults = { dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 2 };
  const timedReads = (parts: readonly Uint8Array[]): Recording => timed(parts.map((part, i): [number, Uint8Array] => [i, part]));

  it('sends the same bytes with every fault that edits them, however the recording was split into reads', () => {
    const names = ['openai-gpt4o-structured-text-usage.sse', 'groq-llama33-tool-call-single-chunk.sse', 'openai-gpt4o-n3-interleaved-choices.sse', 'tgi-llama31-tool-call-no-finish-reserialised.sse'];
    for (const name of names) {
      const body = realStream(name);
      const whole = latin1(sent(planReplay(recordingFromSse(body), { faults: FAULTS })));
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), (cuts) => {
          expect(latin1(sent(planReplay(timedReads(splitAt(body, cuts)), { faults: FAULTS })))).toBe(whole);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('sends the same bytes when every byte came in its own read', () => {
    const body = realStream('openai-gpt4o-structured-text-usage.sse');
    const plan = planReplay(timedReads(byteByByte(body)), { faults: FAULTS });
    expect(latin1(sent(plan))).toBe(latin1(sent(planReplay(recordingFromSse(body), { faults: FAULTS }))));
    expect(plan.writes.every((write) => write.bytes.length <= 4)).toBe(true);
  });
});
