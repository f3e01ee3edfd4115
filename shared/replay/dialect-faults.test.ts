// The faults that edit bytes, in a Responses and an Anthropic Messages stream: exactly the bytes
// expected (built independently: the same stream built without what the fault removes), every
// other event byte for byte, the same bytes however the recording was split into reads, and what
// the analysis of the bytes sent says (the fault named, where a client would meet it).

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import type { MessagesContract, ResponsesContract } from '../analysis/contract.ts';
import { messagesStream, responsesStream, toSse } from '../dialects/streams.test-support.ts';
import type { MessagesBlockSpec, ResponsesItemSpec } from '../dialects/streams.test-support.ts';
import { concatBytes } from '../formats/bytes.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';
import { CORPUS_DIR, corpus } from '../test/dialect-corpus.ts';
import { latin1, recordDialectScenarios } from '../test/replay-support.ts';
import type { NamedRecording } from '../test/replay-support.ts';
import { byteByByte, splitAt, timed } from '../test/streams.ts';
import { describeFaults } from './faults.ts';
import type { ReplayFaults } from './faults.ts';
import { planReplay } from './plan.ts';
import type { ReplayPlan } from './plan.ts';

type Json = Record<string, unknown>;

const ITEMS: ResponsesItemSpec[] = [
  { type: 'reasoning', summary: [['Think', 'ing']] },
  { type: 'message', text: ['Hel', 'lo'] },
  { type: 'function_call', name: 'get_weather', args: ['{"city"', ':"Paris"}'] },
];
const BLOCKS: MessagesBlockSpec[] = [
  { type: 'thinking', thinking: ['Hm', 'm'], signature: 'c2ln' },
  { type: 'text', text: ['Hel', 'lo'] },
  { type: 'tool_use', name: 'get_weather', json: ['{"city": ', '"Paris"}'] },
];

/** A stream served as a recording of its dialect's request (the path tells the dialect), in reads of one event each. */
function served(events: readonly Json[], path: string): Recording {
  const text = toSse(events);
  const reads = text.split(/(?<=\n\n)/).map((event, i): [number, string] => [i * 10, event]);
  return timed(reads, { request: { method: 'POST', url: `https://api.example.test${path}`, headers: {}, body: { model: 'm' } } });
}
const responses = (options: Parameters<typeof responsesStream>[1] = {}, change: (events: Json[]) => void = () => {}): Json[] => {
  const events = responsesStream(ITEMS, options);
  change(events);
  return events;
};
const messages = (options: Parameters<typeof messagesStream>[1] = {}, change: (events: Json[]) => void = () => {}): Json[] => {
  const events = messagesStream(BLOCKS, options);
  change(events);
  return events;
};
const sent = (plan: ReplayPlan): Uint8Array => concatBytes(plan.writes.map((write) => write.bytes));
const bodyOf = (recording: Recording): Uint8Array => concatBytes(recording.reads.map((read) => read.bytes));
/** What a client would have recorded of the replay, asked on the recording's own path. */
function replayed(plan: ReplayPlan, recording: Recording): Recording {
  return {
    source: 'ssrec',
    startedAt: null,
    request: recording.request,
    response: { t: 0, status: plan.status ?? 0, httpVersion: '1.1', headers: Object.fromEntries(plan.headers) },
    reads: plan.writes.map((write) => ({ t: write.at, bytes: write.bytes })),
    end: { t: plan.end.at, outcome: plan.end.how === 'end' ? 'eof' : 'error' },
  };
}
const codes = (recording: Recording): string[] => [...new Set(analyzeRecording(recording).diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code))].sort();
const lastOfType = (events: Json[], type: string): Json => events.filter((event) => event.type === type).at(-1)!;

interface Case {
  readonly name: string;
  readonly path: string;
  readonly faults: ReplayFaults;
  readonly before: Json[];
  /** The same stream built without what the fault takes out. */
  readonly after: Json[];
  readonly applied: string[];
  /** The analysis of what is sent: its warnings and errors. */
  readonly codes: string[];
}

const TERMINAL = responses().length - 1;
const STOP = messages().length - 1;
const CASES: Case[] = [
  {
    name: 'Responses: drop the terminal event',
    path: '/v1/responses',
    faults: { dropDone: true },
    before: responses(),
    after: responses({ terminal: null }),
    applied: [`dropped the terminal event (response.completed, event ${TERMINAL})`],
    // The stream did not finish; the items are all done, the message is whole.
    codes: ['missing-terminal-event'],
  },
  {
    name: 'Responses: drop the usage',
    path: '/v1/responses',
    faults: { dropUsage: true },
    before: responses(),
    after: responses({ usage: null }),
    applied: [`response.usage set to null (response.completed, event ${TERMINAL})`],
    codes: ['usage-missing'],
  },
  {
    name: 'Responses: drop the reason an incomplete response gives',
    path: '/v1/responses',
    faults: { dropFinish: true },
    before: responses({ terminal: 'response.incomplete' }),
    after: responses({ terminal: 'response.incomplete' }, (events) => void ((lastOfType(events, 'response.incomplete').response as Json).incomplete_details = null)),
    applied: [`incomplete_details set to null (response.incomplete, event ${TERMINAL})`],
    codes: ['response-incomplete'],
  },
  {
    name: 'Responses: all three drops at once',
    path: '/v1/responses',
    faults: { dropDone: true, dropFinish: true, dropUsage: true },
    before: responses({ terminal: 'response.incomplete' }),
    after: responses({ terminal: null }),
    applied: [`dropped the terminal event (response.incomplete, event ${TERMINAL})`, 'drop usage: no terminal event left to carry it', 'drop finish: no terminal event left to carry a reason'],
    codes: ['missing-terminal-event'],
  },
  {
    name: 'Anthropic Messages: drop message_stop',
    path: '/v1/messages',
    faults: { dropDone: true },
    before: messages(),
    after: messages({ stop: false }),
    applied: [`dropped message_stop (event ${STOP})`],
    codes: ['missing-message-stop'],
  },
  {
    name: 'Anthropic Messages: drop stop_reason',
    path: '/v1/messages',
    faults: { dropFinish: true },
    before: messages({ outputTokens: [10, 25] }),
    after: messages({ outputTokens: [10, 25] }, (events) => events.filter((event) => event.type === 'message_delta').forEach((event) => ((event.delta as Json).stop_reason = null))),
    applied: [`stop_reason set to null (events ${STOP - 1}, ${STOP})`],
    codes: ['missing-stop-reason'],
  },
  {
    name: 'Anthropic Messages: drop the message_delta usage',
    path: '/v1/messages',
    faults: { dropUsage: true },
    before: messages(),
    after: messages({}, (events) => void (lastOfType(events, 'message_delta').usage = null)),
    applied: [`message_delta usage set to null (event ${STOP - 1})`],
    // The Anthropic SDK reads message_delta's usage without a check: null is a malformed event to it.
    codes: ['malformed-chunk'],
  },
];

describe.each(CASES)('$name', ({ path, faults, before, after, applied, codes: expected }) => {
  const recording = served(before, path);
  const expectedBytes = toSse(after);

  it('sends the stream built without what it takes out, every other byte as recorded', () => {
    const plan = planReplay(recording, { faults });
    expect(latin1(sent(plan))).toBe(expectedBytes);
    expect(plan.applied).toEqual(applied);
    expect(codes(replayed(plan, recording))).toEqual(expected);
  });

  it('sends the same bytes however the recording was split into reads, byte by byte included', () => {
    const body = bodyOf(recording);
    const asReads = (parts: Uint8Array[]): Recording => ({ ...recording, reads: parts.map((bytes, i) => ({ t: i, bytes })) });
    expect(latin1(sent(planReplay(asReads(byteByByte(body)), { faults })))).toBe(expectedBytes);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 30 }), (cuts) => {
        expect(latin1(sent(planReplay(asReads(splitAt(body, cuts)), { faults })))).toBe(expectedBytes);
      }),
      { numRuns: 40 },
    );
  });
});

describe('what the drops change in what a client ends with', () => {
  const contract = <T>(events: Json[], path: string, faults: ReplayFaults): T => {
    const recording = served(events, path);
    return toContract(analyzeRecording(replayed(planReplay(recording, { faults }), recording))) as T;
  };

  it('Responses: an in_progress response without the terminal event, no usage without it, no reason for an incomplete one', () => {
    expect(contract<ResponsesContract>(responses(), '/v1/responses', { dropDone: true }).response).toMatchObject({ status: 'in_progress', usage: null });
    expect(contract<ResponsesContract>(responses(), '/v1/responses', { dropUsage: true }).response).toMatchObject({ status: 'completed', usage: null });
    const incomplete = contract<ResponsesContract>(responses({ terminal: 'response.incomplete' }), '/v1/responses', { dropFinish: true });
    expect(incomplete.response).toMatchObject({ status: 'incomplete', incomplete_details: null });
    expect(incomplete.diagnostics.find((d) => d.code === 'response-incomplete')!.message).toBe(`The response ended incomplete (event ${TERMINAL}), without a reason.`);
  });

  it('Anthropic Messages: no stop_reason, and the usage message_start gave', () => {
    expect(contract<MessagesContract>(messages(), '/v1/messages', { dropFinish: true }).message).toMatchObject({ stop_reason: null, usage: { output_tokens: 25 } });
    expect(contract<MessagesContract>(messages(), '/v1/messages', { dropUsage: true }).message).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 472, output_tokens: 2 } });
  });
});

describe('notes when a drop finds nothing to do', () => {
  it('says so in the dialect\'s words', () => {
    const notes = (events: Json[], path: string, faults: ReplayFaults): readonly string[] => planReplay(served(events, path), { faults }).applied;
    expect(notes(responses({ terminal: null, usage: null }), '/v1/responses', { dropDone: true, dropUsage: true, dropFinish: true })).toEqual([
      'drop the terminal event: the recording has none',
      'drop usage: no terminal event left to carry it',
      'drop finish: no terminal event left to carry a reason',
    ]);
    expect(notes(responses({ usage: null }), '/v1/responses', { dropUsage: true, dropFinish: true })).toEqual([
      'drop usage: the terminal response carries no usage',
      'drop finish: the terminal event is response.completed, whose type is its only finish reason',
    ]);
    expect(notes(messages({ stop: false, outputTokens: [] }), '/v1/messages', { dropDone: true, dropUsage: true, dropFinish: true })).toEqual([
      'drop message_stop: the recording has none',
      'drop usage: no message_delta carries usage',
      'drop finish: no message_delta carries a stop_reason',
    ]);
  });

  it('leaves a corrupted event as the corruption left it', () => {
    const plan = planReplay(served(messages(), '/v1/messages'), { faults: { dropFinish: true, corruptEvent: STOP - 1 } });
    const data = JSON.stringify(lastOfType(messages(), 'message_delta')).length;
    expect(plan.applied).toEqual(['drop finish: no message_delta carries a stop_reason', `corrupted event ${STOP - 1} (data cut to ${Math.floor(data / 2)} of ${data} bytes)`]);
    expect(codes(replayed(plan, served(messages(), '/v1/messages')))).toEqual(['invalid-json']);
  });

  it('names the drops in the words of the dialects served', () => {
    const faults: ReplayFaults = { dropDone: true, dropFinish: true, dropUsage: true };
    expect(describeFaults(faults, ['responses'])).toEqual(['drop the terminal event', 'drop incomplete_details', 'drop response.usage']);
    expect(describeFaults(faults, ['anthropic-messages', 'anthropic-messages'])).toEqual(['drop message_stop', 'drop stop_reason', 'drop the message_delta usage']);
    expect(describeFaults(faults, ['chat-completions', 'anthropic-messages'])).toEqual([
      'drop [DONE] (Chat Completions) / message_stop (Anthropic Messages)',
      'drop finish_reason (Chat Completions) / stop_reason (Anthropic Messages)',
      'drop the usage chunk (Chat Completions) / the message_delta usage (Anthropic Messages)',
    ]);
  });
});

describe('the status fault answers in the dialect\'s error shape', () => {
  it('Anthropic\'s for an Anthropic recording, OpenAI\'s for a Responses one', () => {
    const body = (events: Json[], path: string, code: number): unknown => JSON.parse(new TextDecoder().decode(sent(planReplay(served(events, path), { faults: { status: { code } } }))));
    const message = (code: number): string => `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`;
    expect(body(messages(), '/v1/messages', 529)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: message(529) } });
    expect(body(messages(), '/v1/messages', 429)).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: message(429) } });
    expect(body(messages(), '/v1/messages', 500)).toEqual({ type: 'error', error: { type: 'api_error', message: message(500) } });
    expect(body(messages(), '/v1/messages', 401)).toEqual({ type: 'error', error: { type: 'authentication_error', message: message(401) } });
    expect(body(responses(), '/v1/responses', 429)).toEqual({ error: { message: message(429), type: 'requests', param: null, code: 'rate_limit_exceeded' } });
  });
});

// ------------------------------------------------------------------ every recording of both dialects

const corpusRecordings: NamedRecording[] = corpus().map((entry) => ({ name: entry.file, recording: recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + entry.file))) }));
let all: NamedRecording[];
beforeAll(async () => {
  all = [...(await recordDialectScenarios('responses')).map((each) => ({ ...each, name: `responses sim-${each.name}` })), ...(await recordDialectScenarios('messages')).map((each) => ({ ...each, name: `messages sim-${each.name}` })), ...corpusRecordings];
});

/** Each event's data, parsed where it is JSON, and its bytes. */
function eventsOf(body: Uint8Array): { bytes: string; json: Json | null; data: string | null }[] {
  return parseSse(body).events.map((event) => {
    let json: Json | null = null;
    try {
      json = JSON.parse(event.data ?? '') as Json;
    } catch {
      // Not JSON.
    }
    return { bytes: latin1(body.subarray(event.start, event.end)), json, data: event.data };
  });
}
const TERMINALS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

describe('every simulator scenario and corpus stream of both dialects', () => {
  it('drops exactly the end of the stream, and the analysis of what is sent says it did not finish', () => {
    let dropped = 0;
    for (const { name, recording } of all) {
      const isResponses = analyzeRecording(recording).protocol === 'responses';
      const ends = (event: { json: Json | null; data: string | null }): boolean => (isResponses ? TERMINALS.has(String(event.json?.type)) || event.data === '[DONE]' : event.json?.type === 'message_stop');
      const before = eventsOf(bodyOf(recording));
      const plan = planReplay(recording, { faults: { dropDone: true } });
      expect(eventsOf(sent(plan)).map((event) => event.bytes), name).toEqual(before.filter((event) => !ends(event)).map((event) => event.bytes));
      if (!before.some(ends)) continue;
      dropped++;
      expect(codes(replayed(plan, recording)), name).toContain(isResponses ? 'missing-terminal-event' : 'missing-message-stop');
    }
    expect(dropped).toBeGreaterThan(30);
  });

  it("drops the [DONE] a Responses server sends after its terminal event too, and says so", () => {
    const { recording } = all.find(({ name }) => name === 'responses/openrouter-gptoss-reasoning-text-no-event-lines.sse')!;
    const last = parseSse(bodyOf(recording)).events.length - 1;
    expect(planReplay(recording, { faults: { dropDone: true } }).applied).toEqual([`dropped the terminal event (response.completed, event ${last - 1}; [DONE], event ${last})`]);
  });

  it('nulls exactly the usage and the stop reason, every other event byte for byte', () => {
    let changed = 0;
    for (const { name, recording } of all) {
      const isResponses = analyzeRecording(recording).protocol === 'responses';
      const before = eventsOf(bodyOf(recording));
      const after = eventsOf(sent(planReplay(recording, { faults: { dropUsage: true, dropFinish: true } })));
      expect(after.length, name).toBe(before.length);
      before.forEach((event, i) => {
        const type = event.json?.type;
        const targeted = isResponses ? TERMINALS.has(String(type)) : type === 'message_delta';
        if (!targeted) return expect(after[i]!.bytes, `${name} event ${i}`).toBe(event.bytes);
        const expected = structuredClone(event.json!);
        if (isResponses) {
          const response = expected.response as Json;
          if ('usage' in response) response.usage = null;
          if (type === 'response.incomplete' && 'incomplete_details' in response) response.incomplete_details = null;
        } else {
          if ('usage' in expected) expected.usage = null;
          if ('stop_reason' in (expected.delta as Json)) (expected.delta as Json).stop_reason = null;
        }
        expect(after[i]!.json, `${name} event ${i}`).toEqual(expected);
        if (after[i]!.bytes !== event.bytes) changed++;
      });
    }
    expect(changed).toBeGreaterThan(30);
  });
});
