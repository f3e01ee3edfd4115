// Each replay fault on a Responses and an Anthropic Messages recording, read by the official SDKs
// (`responses.stream().finalResponse()`, `messages.stream().finalMessage()`): what the SDK ends
// with, or the error it throws — what a user's error handling meets — and what the analysis of
// exactly the bytes the replay sent finds (the fault named). docs/replay.md has the same table in
// words.

import { beforeAll, describe, it } from 'vitest';
import { parseSse } from '../../../../shared/framing/sse/parser.ts';
import type { SseEvent } from '../../../../shared/framing/sse/parser.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { ReplayFaults } from '../../../../shared/replay/faults.ts';
import { planReplay } from '../../../../shared/replay/plan.ts';
import { recordDialectScenarios } from '../../../../shared/test/replay-support.ts';
import type { Dialect } from '../../../../shared/test/replay-support.ts';
import { clean, expectRun, runDialect, sentRecording } from './dialect-expect.ts';
import type { DialectExpectation } from './dialect-expect.ts';

const recordings = new Map<string, Recording>();
beforeAll(async () => {
  for (const dialect of ['responses', 'messages'] as const) {
    for (const { name, recording } of await recordDialectScenarios(dialect, 0)) if (name === 'text' || name === 'length') recordings.set(`${dialect} ${name}`, recording);
  }
});

/** The recording's events of a type (`data.type`), in order. */
function eventsOfType(recording: Recording, type: string): SseEvent[] {
  return parseSse(recording.reads.map((read) => read.bytes)).events.filter((event) => event.data?.includes(`"type":"${type}"`) || event.data?.includes(`"type": "${type}"`));
}

const STATUS_MESSAGE = (code: number): string => `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`;
const MALFORMED = 'Error reading response: malformed server-sent event JSON.';

interface FaultCase {
  readonly fault: string;
  readonly scenario?: string;
  /** The faults, given the recording (event numbers are its own). */
  readonly faults: (recording: Recording) => ReplayFaults;
  readonly expected: DialectExpectation;
}

/** The fifth text delta of each dialect: mid-answer. */
const midEvent = (dialect: Dialect, recording: Recording): SseEvent => eventsOfType(recording, dialect === 'responses' ? 'response.output_text.delta' : 'content_block_delta')[4]!;
const midDelta = (dialect: Dialect) => (recording: Recording): number => midEvent(dialect, recording).index;
/** Ten bytes into the fifth text delta. */
const midBytes = (dialect: Dialect) => (recording: Recording): number => midEvent(dialect, recording).start + 10;

const CASES: Readonly<Record<Dialect, readonly FaultCase[]>> = {
  responses: [
    {
      fault: 'cut after a text delta',
      faults: (recording) => ({ cutAfterEvent: midDelta('responses')(recording) }),
      expected: { sdk: { throws: { name: 'OpenAIError', message: 'terminated' } }, codes: ['connection-error', 'item-not-done', 'missing-terminal-event'], names: 'connection-error' },
    },
    {
      fault: 'cut after a byte mid-event',
      faults: (recording) => ({ cutAfterByte: midBytes('responses')(recording) }),
      expected: { sdk: { throws: { name: 'OpenAIError', message: 'terminated' } }, codes: ['connection-error', 'item-not-done', 'missing-terminal-event', 'partial-event'], names: 'connection-error' },
    },
    { fault: 'stall before a text delta', faults: (recording) => ({ stalls: [{ beforeEvent: midDelta('responses')(recording), ms: 30 }] }), expected: clean() },
    // The SDK resolves with what it accumulated, status "in_progress": our final object.
    { fault: 'drop the terminal event', faults: () => ({ dropDone: true }), expected: clean(['missing-terminal-event']) },
    { fault: 'drop the usage', faults: () => ({ dropUsage: true }), expected: clean(['usage-missing']) },
    // The SDK copies the terminal response: incomplete_details null, as ours; the analysis says it ended incomplete without a reason.
    { fault: 'drop the finish reason', scenario: 'length', faults: () => ({ dropFinish: true }), expected: clean(['response-incomplete']) },
    {
      fault: 'corrupt a text delta',
      faults: (recording) => ({ corruptEvent: midDelta('responses')(recording) }),
      // The delta cut in half is lost to every client that reads on: the .done text and the terminal response have it.
      expected: { sdk: { throws: { name: 'OpenAIError', message: MALFORMED } }, codes: ['done-text-mismatch', 'final-mismatch', 'invalid-json'], names: 'invalid-json' },
    },
    { fault: 'buffer everything', faults: () => ({ bufferAll: true }), expected: clean() },
    {
      fault: 'answer HTTP 429',
      faults: () => ({ status: { code: 429 } }),
      expected: { sdk: { throws: { name: 'RateLimitError', message: `429 ${STATUS_MESSAGE(429)}`, status: 429 } }, codes: ['http-status'], names: 'http-status' },
    },
  ],
  messages: [
    {
      fault: 'cut after a text delta',
      faults: (recording) => ({ cutAfterEvent: midDelta('messages')(recording) }),
      expected: { sdk: { throws: { name: 'AnthropicError', message: 'terminated' } }, codes: ['block-not-stopped', 'connection-error', 'missing-message-stop'], names: 'connection-error' },
    },
    {
      fault: 'cut after a byte mid-event',
      faults: (recording) => ({ cutAfterByte: midBytes('messages')(recording) }),
      expected: { sdk: { throws: { name: 'AnthropicError', message: 'terminated' } }, codes: ['block-not-stopped', 'connection-error', 'missing-message-stop', 'partial-event'], names: 'connection-error' },
    },
    { fault: 'stall before a text delta', faults: (recording) => ({ stalls: [{ beforeEvent: midDelta('messages')(recording), ms: 30 }] }), expected: clean() },
    {
      fault: 'drop message_stop',
      faults: () => ({ dropDone: true }),
      expected: { sdk: { throws: { name: 'AnthropicError', message: 'stream ended without producing a Message with role=assistant' } }, codes: ['missing-message-stop'], names: 'missing-message-stop' },
    },
    {
      fault: 'drop the message_delta usage',
      faults: () => ({ dropUsage: true }),
      // The SDK reads message_delta's usage without a check: the TypeError, wrapped in its own error class.
      expected: { sdk: { throws: { name: 'AnthropicError', message: "Cannot read properties of null (reading 'output_tokens')" } }, codes: ['malformed-chunk'], names: 'malformed-chunk' },
    },
    // stop_reason null, in the SDK's message as in ours; missing-stop-reason says so.
    { fault: 'drop stop_reason', faults: () => ({ dropFinish: true }), expected: clean(['missing-stop-reason']) },
    {
      fault: 'corrupt a text delta',
      faults: (recording) => ({ corruptEvent: midDelta('messages')(recording) }),
      // V8's message for the JSON cut in half.
      expected: { sdk: { throws: { name: 'AnthropicError', message: 'Unexpected end of JSON input' } }, codes: ['invalid-json'], names: 'invalid-json' },
    },
    { fault: 'buffer everything', faults: () => ({ bufferAll: true }), expected: clean() },
    {
      fault: 'answer HTTP 529',
      faults: () => ({ status: { code: 529 } }),
      expected: {
        sdk: { throws: { name: 'OverloadedError', message: `529 ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: STATUS_MESSAGE(529) } })}`, status: 529 } },
        codes: ['http-status'],
        names: 'http-status',
      },
    },
  ],
};

describe.each(['responses', 'messages'] as const)('each fault on a %s recording, read by the SDK', (dialect) => {
  it.each(CASES[dialect].map((each) => [each.fault, each] as const))('%s', async (_fault, { scenario = 'text', faults: faultsOf, expected }) => {
    const recording = recordings.get(`${dialect} ${scenario}`)!;
    const faults = faultsOf(recording);
    const analysed = sentRecording(recording, planReplay(recording, { speed: 0, faults }));
    expectRun(await runDialect(dialect, recording, { faults, analysed }), expected);
  });
});
