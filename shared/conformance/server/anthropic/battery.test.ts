// The Anthropic Messages battery judged on Anthropic's own streams (fixtures/dialects/messages,
// captured from api.anthropic.com; sources in SOURCES.md there) and on the same streams with the
// defects real servers and gateways shipped written into them: each rule holds on the clean shape
// and is broken, with its exact words, by its defect.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../analysis/analyze.ts';

import { judgeCheck } from '../judge.ts';
import { servedBy } from '../served.test-support.ts';
import type { ServerCheck } from '../types.ts';
import { ANTHROPIC_BATTERY } from './battery.ts';
import { anthropicError, atLeastToolUses, blocksApart, blocksClosed, deltasFit, eventNames, messageStartFirst, messageStopLast, stopReason, textAnswer, toolUse, usageCumulative } from './rules.ts';

const capture = (name: string): string => readFileSync(new URL(`../../../test/fixtures/dialects/messages/${name}`, import.meta.url), 'utf8');

const served = servedBy('anthropic-messages');

const check = (id: string): ServerCheck => ANTHROPIC_BATTERY.find((candidate) => candidate.id === id)!;

/** The verdict's status, summary and every finding above info. */
function verdictOf(id: string, analysis: Analysis) {
  const verdict = judgeCheck(check(id), analysis);
  return { status: verdict.status, summary: verdict.summary, broken: verdict.findings.filter((finding) => finding.severity !== 'info').map((finding) => finding.code) };
}

const TEXT = capture('anthropic-sonnet46-text.sse');
const PARALLEL = capture('anthropic-sonnet35-parallel-tool-use.sse');
const EMPTY_INPUTS = capture('anthropic-haiku45-parallel-tool-use-empty-input.sse');

/** The stream's events (blank-line separated), to cut and splice. */
const eventsOf = (body: string): string[] => body.split('\n\n').filter((event) => event !== '');
const join = (events: readonly string[]): string => events.join('\n\n') + '\n\n';

describe("Anthropic's own streams", () => {
  it('pass messages.text, with every rule it applied held', () => {
    expect(verdictOf('messages.text', served(TEXT))).toEqual({ status: 'pass', summary: 'All 17 rules held.', broken: [] });
    // A keep-alive comment and a second ping, as proxies and Anthropic add them, change nothing.
    const kept = join(eventsOf(TEXT).flatMap((event, i) => (i === 4 ? [': keep-alive', event, 'event: ping\ndata: {"type": "ping"}'] : [event])));
    expect(verdictOf('messages.text', served(kept))).toEqual({ status: 'pass', summary: 'All 17 rules held.', broken: [] });
  });

  it('pass messages.text in the compact reconstruction, behind a compatible provider, and with thinking between two text blocks', () => {
    for (const name of ['anthropic-sonnet45-text-reconstructed.sse', 'compatible-opus45-sorted-keys-late-input-tokens.sse', 'anthropic-opus46-adaptive-thinking-text-first.sse']) {
      expect([name, verdictOf('messages.text', served(capture(name)))]).toEqual([name, { status: 'pass', summary: 'All 17 rules held.', broken: [] }]);
    }
  });

  it('hold the tool rules on two parallel tool_use blocks after a text block (their tools are not the battery’s)', () => {
    const analysis = served(PARALLEL);
    for (const rule of [eventNames, messageStartFirst, toolUse('get_weather', ['location']), toolUse('get_time', ['timezone']), atLeastToolUses(2), deltasFit, blocksClosed, blocksApart, stopReason('tool_use'), usageCumulative, messageStopLast]) {
      expect([rule.code, rule.judge(analysis)]).toEqual([rule.code, []]);
    }
  });

  it('read a tool_use block whose one fragment is empty as the input {}, and two blocks of one tool as two', () => {
    const analysis = served(EMPTY_INPUTS);
    expect([toolUse('pelican_name_generator', []).judge(analysis), blocksApart.judge(analysis), atLeastToolUses(2).judge(analysis), stopReason('tool_use').judge(analysis)]).toEqual([[], [], [], []]);
  });

  it('fail messages.text on a refusal with no content block, saying so', () => {
    const analysis = served(capture('anthropic-fable51-refusal-no-content-blocks.sse'));
    expect(textAnswer.judge(analysis)).toEqual(['No text block came (0 blocks in all).']);
    expect(stopReason('end_turn').judge(analysis)).toEqual(['The message stopped with "refusal" (event 1).']);
    expect(verdictOf('messages.text', analysis).status).toBe('fail');
  });

  it('hold stop_reason "max_tokens" on the SDK’s trimmed capture, and name the tool block it left open', () => {
    const analysis = served(capture('anthropic-claude37-max-tokens-trimmed.sse'));
    expect(stopReason('max_tokens').judge(analysis)).toEqual([]);
    expect(blocksClosed.judge(analysis)).toEqual(['Content block 1 (tool_use "make_file") started (event 9) but never got content_block_stop.']);
  });
});

describe('the defects real servers shipped', () => {
  it('fail messages.text when an event: name differs from the data’s type, or is missing', () => {
    const renamed = TEXT.replace('event: content_block_stop', 'event: content_block_delta');
    expect(eventNames.judge(served(renamed))).toEqual(['1 event named event: content_block_delta carry data.type "content_block_stop": 8.']);
    expect(verdictOf('messages.text', served(renamed)).status).toBe('fail');
    const unnamed = TEXT.replaceAll(/^event: .*\n/gm, '');
    expect(eventNames.judge(served(unnamed))).toEqual(['No event: name on events 0, 1, 2, 3, 4 and 6 more, which @anthropic-ai/sdk skips.']);
  });

  it('fail when message_stop is missing, doubled, or not last', () => {
    const events = eventsOf(TEXT);
    expect(messageStopLast.judge(served(join(events.slice(0, -1))))).toEqual(['The stream ended without message_stop (its last event is 9): the message did not finish.']);
    expect(verdictOf('messages.text', served(join(events.slice(0, -1)))).summary).toBe(
      'message-stop-not-last: message_stop ends the stream, once, after the message_delta; nothing but pings follows it. The stream ended without message_stop (its last event is 9): the message did not finish.',
    );
    const stopThenDelta = join([...events.slice(0, 9), events[10]!, events[9]!]);
    expect(messageStopLast.judge(served(stopThenDelta))).toEqual(['message_stop (event 9) comes before the message_delta (event 10).', 'Event 10 came after message_stop (event 9).']);
    expect(messageStopLast.judge(served(join([...events, events[10]!])))).toEqual(['message_stop came 2 times (events 10, 11).']);
  });

  it('fail when the stop_reason is missing or another dialect’s word', () => {
    expect(stopReason('end_turn').judge(served(TEXT.replace('"stop_reason":"end_turn"', '"stop_reason":null')))).toEqual(['The message_delta (event 9) has no stop_reason.']);
    const translated = served(TEXT.replace('"stop_reason":"end_turn"', '"stop_reason":"stop"'));
    expect(stopReason('end_turn').judge(translated)).toEqual(['The message stopped with "stop" (event 9).']);
    expect(verdictOf('messages.text', translated)).toEqual({ status: 'fail', summary: 'stop-reason-wrong: The message_delta says stop_reason "end_turn". The message stopped with "stop" (event 9).', broken: ['stop-reason-wrong'] });
  });

  it('fail when the message_delta has no usage, or counts fewer tokens than before', () => {
    const events = eventsOf(TEXT);
    const noUsage = TEXT.replace(/,"usage":\{"input_tokens":17,[^}]*\}(?= *\}\n\nevent: message_stop)/, '');
    expect(usageCumulative.judge(served(noUsage))).toEqual(['The message_delta (event 9) has no usage.']);
    const perDelta = join([...events.slice(0, 9), events[9]!.replace('"output_tokens":12', '"output_tokens":7'), events[9]!.replace('"output_tokens":12', '"output_tokens":5'), events[10]!]);
    expect(usageCumulative.judge(served(perDelta))).toEqual(['message_delta at event 10 reports 5 output tokens, fewer than the 7 of event 9: a client that keeps the last value (as the SDK does) under-counts.']);
  });

  it('fail when a content event comes before message_start, or message_start comes twice', () => {
    const events = eventsOf(TEXT);
    expect(messageStartFirst.judge(served(join([events[1]!, events[0]!, ...events.slice(2)])))).toEqual(['Event 0 (content_block_start) comes before message_start.']);
    expect(messageStartFirst.judge(served(join([events[0]!, ...events])))).toEqual(['message_start came 2 times (events 0, 1).']);
  });

  it('fail messages.tools when a tool block’s partial JSON does not parse', () => {
    const cut = PARALLEL.replace(/event: content_block_delta\ndata: .*celsius.*\n\n/, '');
    expect(toolUse('get_weather', ['location']).judge(served(cut))).toEqual(['Block 1\'s input is not JSON: "{\\"location\\": \\"San Francisco, CA\\", \\"unit\\"".']);
    expect(verdictOf('messages.tools', served(cut)).broken).toEqual(['tool-arguments-invalid', 'tool-use-wrong']);
  });

  it('fail messages.parallel-tools when two tool blocks share an index', () => {
    const collided = PARALLEL.replaceAll('"index":2', '"index":1');
    expect(blocksApart.judge(served(collided))).toEqual(['Index 1 was given to 2 blocks (get_weather, get_time).']);
    expect(verdictOf('messages.parallel-tools', served(collided)).status).toBe('fail');
    const renumbered = PARALLEL.replaceAll('"index":2', '"index":3');
    expect(blocksApart.judge(served(renumbered))).toEqual(["The blocks' indexes are 0, 1, 3, not 0, 1, …."]);
    const sameId = PARALLEL.replace('toolu_0121kXsENLvoDZ72LCuAnCCz', 'toolu_014x5X91kx3fvdhpLvwXZWE2');
    expect(blocksApart.judge(served(sameId))).toEqual(['Two tool_use blocks share an id: toolu_014x5X91kx3fvdhpLvwXZWE2, toolu_014x5X91kx3fvdhpLvwXZWE2.']);
  });

  it('fail when a text delta is sent on a tool block', () => {
    const mixed = PARALLEL.replace('"delta":{"type":"input_json_delta","partial_json":"ra"}', '"delta":{"type":"text_delta","text":"ra"}');
    expect(deltasFit.judge(served(mixed))).toEqual(['1 event: a text_delta for block 1, a tool_use block (19). The Anthropic SDK drops it silently.']);
  });

  it('warn messages.parallel-tools when the model makes one call only', () => {
    const one = served(PARALLEL.replace('"name":"get_time"', '"name":"get_weather"').replace(/event: content_block_start\ndata: .*"index":2[\s\S]*?(?=event: message_delta)/, ''));
    expect(atLeastToolUses(2).judge(one)).toEqual(['It made 1.']);
  });

  it('fail any streamed check on an error event in a 200 stream', () => {
    const events = eventsOf(TEXT);
    const overloaded = join([...events.slice(0, 5), 'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}']);
    const verdict = judgeCheck(check('messages.text'), served(overloaded));
    expect([verdict.status, verdict.summary]).toEqual(['fail', 'stream-error: No error arrives in the stream. Event 5 is an error event: "Overloaded" ("overloaded_error"). The Anthropic SDK throws it. openai-node\'s stream iterator, finalChatCompletion() and finalResponse(), and @anthropic-ai/sdk\'s finalMessage(), throw an APIError with no status carrying the error event\'s message, or \'terminated\' where the connection drops: the text so far never reaches an app that awaits the final answer.']);
  });

  it('fail messages.error when a refused request is answered 200 with an error in the stream', () => {
    const answered = served('event: error\ndata: {"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}\n\n');
    expect(anthropicError.judge(answered)).toEqual(['The status is 200.']);
    expect(verdictOf('messages.error', answered).status).toBe('fail');
    const refused = served('{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"},"request_id":"req_011CT"}', { status: 400, contentType: 'application/json' });
    // The 400 itself is among the recording's diagnostics (http-status); the check's one rule holds.
    expect([anthropicError.judge(refused), judgeCheck(check('messages.error'), refused).status]).toEqual([[], 'pass']);
    const openAiShaped = served('{"error":{"message":"max_tokens is required","type":"invalid_request_error"}}', { status: 400, contentType: 'application/json' });
    expect(anthropicError.judge(openAiShaped)).toEqual(['The body is not {"type": "error", "error": {"type", "message"}}: "{\\"error\\":{\\"message\\":\\"max_tokens is required\\",\\"type\\":\\"invalid_request_error\\"}}".']);
    expect(anthropicError.judge(served('<html>Bad Request</html>', { status: 400, contentType: 'text/html' }))).toEqual(['The body is not JSON: "<html>Bad Request</html>".']);
  });
});

describe('the battery', () => {
  it('has the checks the issue names, each id its dialect word and a name, each rule with its reference', () => {
    expect(ANTHROPIC_BATTERY.map((entry) => entry.id)).toEqual(['messages.text', 'messages.tools', 'messages.parallel-tools', 'messages.max-tokens', 'messages.error']);
    for (const entry of ANTHROPIC_BATTERY) {
      expect(entry.body('m')).toMatchObject({ model: 'm', stream: true, messages: [{ role: 'user' }] });
      for (const rule of entry.rules) expect([rule.code, /^[a-z]+(-[a-z]+)*$/.test(rule.code), rule.says.length > 0, rule.reference.length > 0]).toEqual([rule.code, true, true, true]);
    }
    // The refusal is asked for by leaving max_tokens out, which every other check sends.
    expect(ANTHROPIC_BATTERY.map((entry) => entry.body('m').max_tokens)).toEqual([256, 256, 256, 5, undefined]);
  });

  it('judges degenerate bodies without throwing, and fails every check on them', () => {
    for (const body of ['', 'data: {}\n\n', 'event: ping\ndata: {"type":"ping"}\n\n', ': keep-alive\n\n']) {
      for (const entry of ANTHROPIC_BATTERY) expect([body, entry.id, judgeCheck(entry, served(body)).status]).toEqual([body, entry.id, 'fail']);
    }
  });
});
