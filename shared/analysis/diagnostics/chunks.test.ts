// Diagnostics about the chunks of a stream (docs/diagnostics.md, Chunks, and the extensions in catalogue.ts): finish reasons,
// the message channels, usage, identity fields, tool calls, unknown fields.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analyze.ts';
import type { RecordedRequest, Recording } from '../../recording/types.ts';
import { DONE_EVENT, body, chunk, delta, untimed } from '../../test/streams.ts';
import type { Diagnostic, DiagnosticCode } from './catalogue.ts';

/** Each finding as code, severity and evidence: what the tests compare exactly. */
function findings(recording: Recording): { code: DiagnosticCode; severity: string; events: readonly number[] }[] {
  return analyzeRecording(recording).diagnostics.map(({ code, severity, events }) => ({ code, severity, events }));
}

/** The findings of an untimed stream made of these events. */
const of = (...events: (Record<string, unknown> | string)[]) => findings(untimed(body(...events)));

/** The one finding with this code (fails when there is none, or more than one). */
function the(recording: Recording, code: DiagnosticCode): Diagnostic {
  const found = analyzeRecording(recording).diagnostics.filter((diagnostic) => diagnostic.code === code);
  expect(found, `findings with code ${code}`).toHaveLength(1);
  return found[0]!;
}

const message = (code: DiagnosticCode, ...events: (Record<string, unknown> | string)[]): string => the(untimed(body(...events)), code).message;

const ROLE = chunk([delta({ role: 'assistant', content: '' })]);
const say = (text: string, index = 0) => chunk([delta({ content: text }, null, index)]);
const finish = (reason = 'stop', index = 0) => chunk([delta({}, reason, index)]);
const USAGE = { prompt_tokens: 11, completion_tokens: 2, total_tokens: 13 };

const request = (payload: unknown): RecordedRequest => ({ method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: {}, body: payload });
const asking = (payload: unknown, ...events: (Record<string, unknown> | string)[]): Recording => ({ ...untimed(body(...events)), request: request(payload) });
const INCLUDE_USAGE = { model: 'gpt-4o', stream: true, stream_options: { include_usage: true } };

/** A tool call's opening fragment and its argument pieces. */
const call = (index: number, id: string | null, name: string | null, choice = 0) =>
  chunk([delta({ tool_calls: [{ index, ...(id === null ? {} : { id }), type: 'function', function: { ...(name === null ? {} : { name }), arguments: '' } }] }, null, choice)]);
const args = (index: number, text: string) => chunk([delta({ tool_calls: [{ index, function: { arguments: text } }] })]);
const TOOL_ROLE = chunk([delta({ role: 'assistant', content: null })]);

describe('missing-finish-reason', () => {
  it('fires on the last event of a choice that never finished', () => {
    expect(of(ROLE, say('Hi'), DONE_EVENT)).toEqual([{ code: 'missing-finish-reason', severity: 'error', events: [1] }]);
    expect(message('missing-finish-reason', ROLE, say('Hi'), DONE_EVENT)).toBe('Choice 0 never received a finish_reason (its last event is 1).');
  });

  it('fires for the one choice of two that never finished', () => {
    const second = chunk([delta({ role: 'assistant', content: '' }, null, 1)]);
    expect(of(ROLE, second, say('a'), say('b', 1), finish('stop', 0), DONE_EVENT)).toEqual([{ code: 'missing-finish-reason', severity: 'error', events: [3] }]);
  });

  it('does not fire when the finish reason comes on the last content chunk', () => {
    expect(of(ROLE, chunk([delta({ content: 'Hi' }, 'stop')]), DONE_EVENT)).toEqual([]);
  });

  it('does not fire for a finish reason that arrives on a chunk after a usage chunk', () => {
    expect(of(ROLE, say('Hi'), chunk([], { usage: USAGE }), finish(), DONE_EVENT).map((finding) => finding.code)).toEqual(['usage-chunk']);
  });
});

describe('finish-length', () => {
  it('fires on the finish event of a choice cut at the token limit', () => {
    expect(of(ROLE, say('Hi'), finish('length'), DONE_EVENT)).toEqual([{ code: 'finish-length', severity: 'warning', events: [2] }]);
    expect(message('finish-length', ROLE, say('Hi'), finish('length'), DONE_EVENT)).toBe('Choice 0 finished with "length": the output was cut at the token limit.');
  });

  it('does not fire for "stop"', () => {
    expect(of(ROLE, say('Hi'), finish('stop'), DONE_EVENT)).toEqual([]);
  });
});

describe('finish-content-filter', () => {
  it('fires on the finish event of a filtered choice', () => {
    expect(of(ROLE, say('Hi'), finish('content_filter'), DONE_EVENT)).toEqual([{ code: 'finish-content-filter', severity: 'warning', events: [2] }]);
    expect(message('finish-content-filter', ROLE, say('Hi'), finish('content_filter'), DONE_EVENT)).toContain('"content_filter"');
  });

  it("does not fire for Azure's content_filter_results on a choice that stopped normally (only an unknown field)", () => {
    const filtered = chunk([{ ...delta({ content: 'Hi' }), content_filter_results: { hate: { filtered: false, severity: 'safe' } } }]);
    expect(of(ROLE, filtered, finish(), DONE_EVENT)).toEqual([{ code: 'unknown-field', severity: 'info', events: [1] }]);
  });
});

describe('nonstandard-finish-reason', () => {
  it('fires for a value OpenAI does not send, such as Together\'s "eos"', () => {
    expect(of(ROLE, say('Hi'), finish('eos'), DONE_EVENT)).toEqual([{ code: 'nonstandard-finish-reason', severity: 'warning', events: [2] }]);
    expect(message('nonstandard-finish-reason', ROLE, say('Hi'), finish('eos'), DONE_EVENT)).toBe('Choice 0 finished with "eos", which is not one of OpenAI\'s values.');
  });

  it('does not fire for the legacy "function_call"', () => {
    expect(of(ROLE, say('Hi'), finish('function_call'), DONE_EVENT)).toEqual([]);
  });

  it('does not fire for an empty-string finish_reason, which is read as none', () => {
    expect(of(ROLE, chunk([delta({ content: 'Hi' }, '')]), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('refusal', () => {
  const REFUSAL = [chunk([delta({ role: 'assistant', refusal: '' })]), chunk([delta({ refusal: "I'm sorry" })]), chunk([delta({ refusal: ", I can't." })]), finish(), DONE_EVENT];

  it('fires on the events carrying refusal text, quoting it and saying there is no content', () => {
    expect(of(...REFUSAL)).toEqual([{ code: 'refusal', severity: 'warning', events: [1, 2] }]);
    expect(message('refusal', ...REFUSAL)).toBe('Choice 0 refused in delta.refusal, and no content at all: "I\'m sorry, I can\'t.".');
  });

  it('counts the content beside a refusal', () => {
    expect(message('refusal', ROLE, say('Hi'), chunk([delta({ refusal: 'No.' })]), finish(), DONE_EVENT)).toBe(
      'Choice 0 refused in delta.refusal, beside 2 characters of content: "No.".',
    );
  });

  it('does not fire for refusal: null on every chunk, nor for refusal: "" on the role chunk', () => {
    expect(of(chunk([delta({ role: 'assistant', content: '', refusal: '' })]), chunk([delta({ content: 'Hi', refusal: null })]), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('role-missing', () => {
  it('fires on the first event of a choice that never received delta.role', () => {
    expect(of(say('Hi'), finish(), DONE_EVENT)).toEqual([{ code: 'role-missing', severity: 'warning', events: [0] }]);
    expect(message('role-missing', say('Hi'), finish(), DONE_EVENT)).toBe('Choice 0 never received delta.role (first event 0).');
  });

  it('fires for role: "", which is no role', () => {
    expect(of(chunk([delta({ role: '', content: 'Hi' })]), finish(), DONE_EVENT).map((finding) => finding.code)).toEqual(['role-missing']);
  });

  it('does not fire when the role arrives on a later chunk, nor when it is repeated on every chunk', () => {
    expect(of(say('Hi'), chunk([delta({ role: 'assistant', content: ' there' })]), finish(), DONE_EVENT)).toEqual([]);
    expect(of(chunk([delta({ role: 'assistant', content: 'Hi' })]), chunk([delta({ role: 'assistant', content: '!' })]), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('empty-content-delta', () => {
  it('fires as info on content: "" deltas after the opening role chunk', () => {
    const events = [ROLE, say('Hi'), say(''), chunk([delta({ content: '' }, 'stop')]), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'empty-content-delta', severity: 'info', events: [2, 3] }]);
    expect(message('empty-content-delta', ...events)).toBe('Choice 0 received 2 content: "" deltas: events 2, 3.');
  });

  it('fires for a repeated role chunk with content: "" (the role came before)', () => {
    expect(of(ROLE, say('Hi'), ROLE, finish(), DONE_EVENT)).toEqual([{ code: 'empty-content-delta', severity: 'info', events: [2] }]);
  });

  it('does not fire for content: "" on the opening role chunk, which is OpenAI\'s own shape', () => {
    expect(of(ROLE, say('Hi'), finish(), DONE_EVENT)).toEqual([]);
  });

  it('does not fire for content: null', () => {
    expect(of(TOOL_ROLE, chunk([delta({ content: null })]), say('Hi'), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('non-string-content', () => {
  it('fires on deltas whose content is an array of typed parts', () => {
    const events = [ROLE, chunk([delta({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] }] })]), chunk([delta({ content: [{ type: 'text', text: 'Hi' }] })]), finish(), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'non-string-content', severity: 'warning', events: [1, 2] }]);
    expect(message('non-string-content', ...events)).toBe('2 deltas sent content as an array of typed parts instead of a string: events 1, 2.');
  });

  it('does not fire for string content', () => {
    expect(of(ROLE, say('[{"type":"text"}]'), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('usage-chunk', () => {
  it('fires as info on a chunk with choices: [] and usage, describing the tokens', () => {
    const events = [ROLE, say('Hi'), finish(), chunk([], { usage: USAGE }), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'usage-chunk', severity: 'info', events: [3] }]);
    expect(message('usage-chunk', ...events)).toBe('A usage-only chunk with choices: [] arrived (event 3): prompt 11, completion 2, total 13 tokens.');
  });

  it('does not fire for usage on the finish chunk, which still has a choice', () => {
    expect(of(ROLE, say('Hi'), chunk([delta({}, 'stop')], { usage: USAGE }), DONE_EVENT)).toEqual([]);
  });

  it('does not fire for usage: null on a chunk with choices: []', () => {
    expect(of(ROLE, say('Hi'), finish(), chunk([], { usage: null }), DONE_EVENT)).toEqual([]);
  });
});

describe('usage-missing', () => {
  it('fires when the request asked for include_usage and no chunk carried usage', () => {
    const recording = asking(INCLUDE_USAGE, ROLE, say('Hi'), finish(), DONE_EVENT);
    expect(findings(recording)).toEqual([{ code: 'usage-missing', severity: 'warning', events: [] }]);
    expect(the(recording, 'usage-missing').message).toBe('The request set stream_options.include_usage, but no chunk carried usage.');
  });

  it('says the stream may have been cut when it ended before [DONE]', () => {
    const recording = asking(INCLUDE_USAGE, ROLE, say('Hi'), finish());
    expect(findings(recording).map((finding) => finding.code)).toEqual(['no-done', 'usage-missing']);
    expect(the(recording, 'usage-missing').message).toContain('The stream ended before [DONE], which may have cut it off.');
  });

  it('does not fire when the request did not ask for usage, or set include_usage: false', () => {
    expect(findings(asking({ model: 'gpt-4o', stream: true }, ROLE, say('Hi'), finish(), DONE_EVENT))).toEqual([]);
    expect(findings(asking({ stream: true, stream_options: { include_usage: false } }, ROLE, say('Hi'), finish(), DONE_EVENT))).toEqual([]);
  });

  it('does not fire when usage came on the finish chunk, or only in Groq\'s x_groq.usage', () => {
    expect(findings(asking(INCLUDE_USAGE, ROLE, say('Hi'), chunk([delta({}, 'stop')], { usage: USAGE }), DONE_EVENT))).toEqual([]);
    const groq = chunk([delta({}, 'stop')], { x_groq: { id: 'req_1', usage: USAGE } });
    expect(findings(asking(INCLUDE_USAGE, ROLE, say('Hi'), groq, DONE_EVENT))).toEqual([{ code: 'unknown-field', severity: 'info', events: [2] }]);
  });
});

describe('inconsistent-metadata', () => {
  it('fires on the first event carrying each different id or model', () => {
    const events = [ROLE, chunk([delta({ content: 'Hi' })], { id: 'chatcmpl-other', model: 'gpt-other' }), finish(), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'inconsistent-metadata', severity: 'warning', events: [0, 1] }]);
    expect(message('inconsistent-metadata', ...events)).toBe(
      'Chunks of one stream disagree: id takes 2 values ("chatcmpl-test", "chatcmpl-other"); model takes 2 values ("gpt-test", "gpt-other").',
    );
  });

  it('fires for a system_fingerprint that changes', () => {
    expect(of(ROLE, say('Hi'), chunk([delta({}, 'stop')], { system_fingerprint: 'fp_other' }), DONE_EVENT)).toEqual([
      { code: 'inconsistent-metadata', severity: 'warning', events: [0, 2] },
    ]);
  });

  it('does not fire when only created changes (that is metadata-drift, info)', () => {
    expect(of(ROLE, chunk([delta({ content: 'Hi' })], { created: 1770000001 }), finish(), DONE_EVENT).map((finding) => finding.code)).toEqual(['metadata-drift']);
  });

  it('does not fire for placeholders (id: "", created: 0) or a system_fingerprint sent on some chunks only', () => {
    const placeholder = chunk([delta({ role: 'assistant', content: '' })], { id: '', created: 0 });
    expect(of(placeholder, chunk([delta({ content: 'Hi' })], { system_fingerprint: null }), chunk([delta({}, 'stop')], { system_fingerprint: undefined }), DONE_EVENT)).toEqual([]);
  });
});

describe('metadata-drift', () => {
  it('fires as info on the first event of each created value', () => {
    const events = [ROLE, chunk([delta({ content: 'Hi' })], { created: 1770000001 }), say('!'), chunk([delta({}, 'stop')], { created: 1770000002 }), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'metadata-drift', severity: 'info', events: [0, 1, 3] }]);
    expect(message('metadata-drift', ...events)).toBe('"created" changes during the stream: 1770000000, 1770000001, 1770000002 (3 values).');
  });

  it('does not fire for created: 0 on a placeholder chunk', () => {
    expect(of(chunk([delta({ role: 'assistant', content: '' })], { created: 0 }), say('Hi'), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('unexpected-object', () => {
  it('fires on chunks that carry something under another object type, or none', () => {
    const events = [ROLE, chunk([delta({ content: 'Hi' })], { object: 'chat.completion' }), chunk([delta({}, 'stop')], { object: undefined }), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'unexpected-object', severity: 'warning', events: [1, 2] }]);
    expect(message('unexpected-object', ...events)).toBe(
      '2 chunks that carry deltas, a finish reason or usage have object "chat.completion", (absent) instead of "chat.completion.chunk": events 1, 2.',
    );
  });

  it('does not fire for Azure\'s object: "" prompt-filter frame with choices: []', () => {
    const frame = { id: '', object: '', created: 0, model: '', choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] };
    expect(of(frame, ROLE, say('Hi'), finish(), DONE_EVENT)).toEqual([{ code: 'unknown-field', severity: 'info', events: [0] }]);
  });
});

describe('delta-after-finish', () => {
  it('fires on the deltas that carried text after the finish reason', () => {
    const events = [ROLE, say('Hi'), finish(), say(' more'), finish(), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'delta-after-finish', severity: 'warning', events: [3] }]);
    expect(message('delta-after-finish', ...events)).toBe('Choice 0 changed after its first finish_reason (event 2): text, tool fragments or a different finish_reason in events 3.');
  });

  it('fires for tool-call arguments after the finish reason', () => {
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('tool_calls'), args(0, ' '), DONE_EVENT)).toEqual([{ code: 'delta-after-finish', severity: 'warning', events: [4] }]);
  });

  it('does not fire for a finish_reason repeated with the same value', () => {
    expect(of(ROLE, say('Hi'), finish(), finish(), DONE_EVENT)).toEqual([]);
  });

  it('does not fire for an empty delta, nor for OpenRouter\'s usage chunk that repeats role and content: "" after the finish', () => {
    const trailing = chunk([delta({ role: 'assistant', content: '' })], { usage: USAGE });
    expect(of(ROLE, say('Hi'), finish(), chunk([delta({})]), trailing, DONE_EVENT)).toEqual([{ code: 'empty-content-delta', severity: 'info', events: [4] }]);
  });

  it('does not fire for a repeated tool-call header or a usage chunk after the finish reason', () => {
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('tool_calls'), call(0, 'call_1', 'f'), chunk([], { usage: USAGE }), DONE_EVENT)).toEqual([
      { code: 'usage-chunk', severity: 'info', events: [5] },
    ]);
  });
});

describe('malformed-chunk', () => {
  it('fires on chunks with fields of the wrong type, naming each path', () => {
    const events = [ROLE, chunk([delta({ content: 42 })]), chunk([{ index: 0, delta: {}, finish_reason: 7 }]), DONE_EVENT];
    expect(of(...events)).toEqual([
      { code: 'malformed-chunk', severity: 'error', events: [1, 2] },
      { code: 'missing-finish-reason', severity: 'error', events: [0] },
    ]);
    expect(message('malformed-chunk', ...events)).toBe(
      '2 chunks with fields of the wrong type: choices[0].delta.content is number (expected string), choices[0].finish_reason is number (expected string or null).',
    );
  });

  it('fires for a payload that is JSON but not an object', () => {
    expect(of(ROLE, 'data: [1,2]\n\n', finish(), DONE_EVENT)).toEqual([{ code: 'malformed-chunk', severity: 'error', events: [1] }]);
  });

  it('does not fire for null in the optional fields (logprobs, finish_reason, content, refusal, tool_calls)', () => {
    expect(of(chunk([delta({ role: 'assistant', content: null, refusal: null, tool_calls: null })]), say('Hi'), finish(), DONE_EVENT)).toEqual([]);
  });
});

describe('tool-arguments-invalid', () => {
  it('fires on the events of a call whose joined arguments do not parse, with the position', () => {
    const events = [TOOL_ROLE, call(0, 'call_1', 'get_weather'), args(0, '{"city":'), args(0, '"Paris"'), finish('tool_calls'), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'tool-arguments-invalid', severity: 'error', events: [1, 2, 3] }]);
    expect(message('tool-arguments-invalid', ...events)).toMatch(/^tool_calls\[0\] \(get_weather\) arguments do not parse as JSON at character 15: /);
  });

  it('fires for empty arguments', () => {
    expect(message('tool-arguments-invalid', TOOL_ROLE, call(0, 'call_1', 'get_time'), finish('tool_calls'), DONE_EVENT)).toBe(
      'tool_calls[0] (get_time) arguments do not parse as JSON at character 0: empty arguments.',
    );
  });

  it('does not fire for arguments split across fragments, or for two parallel calls interleaved by index (only noted as interleaved)', () => {
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), call(1, 'call_2', 'g'), args(0, '{"a":'), args(1, '{"b":'), args(0, '1}'), args(1, '2}'), finish('tool_calls'), DONE_EVENT)).toEqual([
      { code: 'tool-calls-interleaved', severity: 'info', events: [3, 4, 5, 6] },
    ]);
  });
});

describe('tool-calls-interleaved', () => {
  it('notes each fragment that returns to a call after another call’s fragment', () => {
    const events = [TOOL_ROLE, call(0, 'a', 'f'), call(1, 'b', 'g'), args(0, '{}'), args(1, '{}'), finish('tool_calls'), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'tool-calls-interleaved', severity: 'info', events: [3, 4] }]);
    expect(message('tool-calls-interleaved', ...events)).toBe("Choice 0's 2 tool calls arrive interleaved: a call gets fragments again after another's, 2 times.");
  });

  it('does not fire for parallel calls sent one after the other, as OpenAI sends them', () => {
    expect(of(TOOL_ROLE, call(0, 'a', 'f'), args(0, '{"x"'), args(0, ':1}'), call(1, 'b', 'g'), args(1, '{}'), finish('tool_calls'), DONE_EVENT)).toEqual([]);
  });
});

describe('tool-call-incomplete', () => {
  it('fires per call without an id or without a function name', () => {
    const events = [TOOL_ROLE, call(0, null, 'get_weather'), args(0, '{}'), call(1, 'call_2', null), args(1, '{}'), finish('tool_calls'), DONE_EVENT];
    expect(of(...events)).toEqual([
      { code: 'tool-call-incomplete', severity: 'error', events: [1, 2] },
      { code: 'tool-call-incomplete', severity: 'error', events: [3, 4] },
    ]);
    const messages = analyzeRecording(untimed(body(...events))).diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages).toEqual(['tool_calls[0] never received an id.', 'tool_calls[1] never received a function name.']);
  });

  it('does not fire when only the first fragment names the call, and later ones carry id: "" and name: ""', () => {
    const continuation = chunk([delta({ tool_calls: [{ index: 0, id: '', type: 'function', function: { name: '', arguments: '{}' } }] })]);
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), continuation, finish('tool_calls'), DONE_EVENT)).toEqual([]);
  });
});

describe('tool-call-index-missing', () => {
  it('fires per call that arrived without an index', () => {
    const events = [
      TOOL_ROLE,
      chunk([delta({ tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] })]),
      chunk([delta({ tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'g', arguments: '{}' } }] })]),
      finish('tool_calls'),
      DONE_EVENT,
    ];
    expect(of(...events)).toEqual([
      { code: 'tool-call-index-missing', severity: 'warning', events: [1] },
      { code: 'tool-call-index-missing', severity: 'warning', events: [2] },
    ]);
    expect(the(untimed(body(...events.slice(0, 2), finish('tool_calls'), DONE_EVENT)), 'tool-call-index-missing').message).toBe(
      'tool_calls[0] arrived without an index; it was placed by order of arrival.',
    );
  });

  it('does not fire for a first index of 1 rather than 0: that is a gap, not a missing index', () => {
    expect(of(TOOL_ROLE, call(1, 'toolu_1', 'f'), args(1, '{}'), finish('tool_calls'), DONE_EVENT).map((found) => found.code)).not.toContain('tool-call-index-missing');
  });
});

describe('tool-call-type-missing', () => {
  it('fires on every fragment of a call that never said its type, as Mistral sends them', () => {
    const untyped = chunk([delta({ tool_calls: [{ index: 0, id: 'gSIMJiOkT', function: { name: 'f', arguments: '{}' } }] })]);
    expect(of(TOOL_ROLE, untyped, finish('tool_calls'), DONE_EVENT)).toEqual([{ code: 'tool-call-type-missing', severity: 'warning', events: [1] }]);
    expect(message('tool-call-type-missing', TOOL_ROLE, untyped, finish('tool_calls'), DONE_EVENT)).toBe('tool_calls[0] never received a type.');
  });

  it('does not fire when only the first fragment carries the type', () => {
    expect(of(TOOL_ROLE, call(0, 'a', 'f'), args(0, '{}'), finish('tool_calls'), DONE_EVENT)).toEqual([]);
  });
});

describe('tool-call-index-gap', () => {
  it('fires when the first tool call has index 1, as an Anthropic gateway sent it, on each call’s first fragment', () => {
    const events = [TOOL_ROLE, call(1, 'toolu_1', 'f'), args(1, '{}'), finish('tool_calls'), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'tool-call-index-gap', severity: 'warning', events: [1] }]);
    expect(message('tool-call-index-gap', ...events)).toBe("Choice 0's tool calls have indexes 1, not 0 to 0: a client that indexes an array with them finds a hole.");
  });

  it('does not fire for indexes 0 and 1, interleaved', () => {
    expect(of(TOOL_ROLE, call(0, 'a', 'f'), call(1, 'b', 'g'), args(1, '{}'), args(0, '{}'), finish('tool_calls'), DONE_EVENT)).toEqual([
      { code: 'tool-calls-interleaved', severity: 'info', events: [4] },
    ]);
  });
});

describe('tool-finish-mismatch', () => {
  it('fires on the finish event when a choice made tool calls but finished with "stop"', () => {
    const events = [TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('stop'), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'tool-finish-mismatch', severity: 'warning', events: [3] }]);
    expect(message('tool-finish-mismatch', ...events)).toBe('Choice 0 made 1 tool call but finished with "stop", not "tool_calls".');
  });

  it('fires when a choice finished with "tool_calls" without any call', () => {
    const events = [ROLE, say('Hi'), finish('tool_calls'), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'tool-finish-mismatch', severity: 'warning', events: [2] }]);
    expect(message('tool-finish-mismatch', ...events)).toBe('Choice 0 finished with "tool_calls" without any tool call.');
  });

  it('does not fire for tool calls cut by "length" or "content_filter" (those have their own finding)', () => {
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('length'), DONE_EVENT)).toEqual([{ code: 'finish-length', severity: 'warning', events: [3] }]);
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('content_filter'), DONE_EVENT)).toEqual([
      { code: 'finish-content-filter', severity: 'warning', events: [3] },
    ]);
  });

  it('does not fire for the legacy "function_call" finish reason', () => {
    expect(of(TOOL_ROLE, call(0, 'call_1', 'f'), args(0, '{}'), finish('function_call'), DONE_EVENT)).toEqual([]);
  });
});

describe('unknown-field', () => {
  it('fires as info on the events with fields outside the shape, naming known providers', () => {
    const events = [ROLE, chunk([delta({ content: 'Hi', token_id: 5 })], { x_groq: { id: 'req_1' } }), chunk([delta({}, 'stop')], { x_custom: 1 }), DONE_EVENT];
    expect(of(...events)).toEqual([{ code: 'unknown-field', severity: 'info', events: [1, 2] }]);
    expect(message('unknown-field', ...events)).toBe(
      'Fields outside the OpenAI chunk shape: x_groq (Groq) in 1 event; choices[].delta.token_id (Together AI) in 1 event; x_custom in 1 event.',
    );
  });

  it('does not fire for the fields OpenAI sends (service_tier, usage: null, logprobs) nor reasoning_content / reasoning', () => {
    const opening = chunk([delta({ role: 'assistant', content: '', refusal: null })], { service_tier: 'default', usage: null });
    expect(of(opening, chunk([delta({ reasoning_content: 'Think.' })]), chunk([delta({ reasoning: 'More.' })]), say('Hi'), finish(), DONE_EVENT)).toEqual([]);
  });
});
