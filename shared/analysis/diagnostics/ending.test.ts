// Regression tests for how a stream's end is judged: no choice at all, a
// recording still under way, a finish reason that changes, the legacy function_call.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analyze.ts';
import { body, chunk, delta, DONE_EVENT, timed, untimed } from '../../test/streams.ts';
import type { Recording } from '../../recording/types.ts';

const codes = (recording: Recording) => analyzeRecording(recording).diagnostics.map((found) => [found.code, found.events]);

describe('the end of a stream', () => {
  it('reports a complete stream that carried no choice at all, which leaves the client with nothing', () => {
    const recording = untimed(body(chunk([], { usage: { total_tokens: 1 } }), DONE_EVENT));
    expect(codes(recording)).toEqual([
      ['missing-finish-reason', [1]],
      ['usage-chunk', [0]],
    ]);
    expect(analyzeRecording(recording).diagnostics[0]!.message).toBe('No choice arrived at all: the client gets no message and no finish_reason.');
  });

  it('waits for the end of a recording still under way before judging finish reasons, tool arguments and usage', () => {
    const recording = timed([[10, body(chunk([delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"x' } }] })]))]], {
      request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: { stream_options: { include_usage: true } } },
      end: { t: null, outcome: 'recording' },
    });
    expect(codes(recording)).toEqual([]);
  });

  it('does not call the event still arriving at the end of a recording under way a partial event (the rest may come)', () => {
    const cut = 'data: {"choices":[{"index":0,"delta":{"content":"Hel';
    const under = (outcome: 'recording' | 'eof') => timed([[10, body(chunk([delta({ role: 'assistant', content: '' })])) + cut]], { end: { t: 12, outcome } });
    expect(codes(under('recording'))).toEqual([]);
    expect(codes(under('eof')).map(([code]) => code)).toContain('partial-event');
  });

  it('reports a finish reason that changes as a change after finish, citing each reason’s own event', () => {
    const recording = untimed(body(chunk([delta({ role: 'assistant', content: 'Hi' })]), chunk([delta({}, 'stop')]), chunk([delta({}, 'length')]), DONE_EVENT));
    expect(codes(recording)).toEqual([
      ['finish-length', [2]],
      ['delta-after-finish', [2]],
    ]);
  });

  it('reassembles the deprecated delta.function_call instead of dropping it', () => {
    const analysis = analyzeRecording(
      untimed(body(chunk([delta({ role: 'assistant', content: null, function_call: { name: 'f', arguments: '' } })]), chunk([delta({ function_call: { arguments: '{"a":1}' } })]), chunk([delta({}, 'function_call')]), DONE_EVENT)),
    );
    expect(analysis.choices[0]!.message).toEqual({ role: 'assistant', content: null, refusal: null, reasoning_content: null, function_call: { name: 'f', arguments: '{"a":1}' } });
    expect(analysis.events.map((event) => event.annotation)).toEqual(['role = "assistant"; function_call { name = "f", arguments += "" }', 'function_call.arguments += "{\\"a\\":1}"', 'finish_reason = "function_call"', '[DONE]']);
    expect(analysis.diagnostics).toEqual([]);
  });
});
