import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { body, chunk, delta, DONE_EVENT, realStream, timed, untimed } from '../../../shared/test/streams.ts';
import { eventRow } from './rows.ts';

describe('an events table row', () => {
  it('gives the time since the request started and the gap since the event before, to a tenth of a millisecond', () => {
    const { events } = analyzeRecording(
      timed([
        [182.113, body(chunk([delta({ role: 'assistant', content: '' })]))],
        [1190.46, body(chunk([delta({ content: 'Hello' })]), chunk([delta({}, 'stop')]))],
        [1201, DONE_EVENT],
      ]),
    );
    expect(events.map((_, index) => eventRow(events, index))).toEqual([
      { index: 0, time: '182.1', gap: '', read: 0, kind: 'role', label: 'role', annotation: 'role = "assistant"; content += ""', extensions: [], frame: [] },
      { index: 1, time: '1,190.5', gap: '1,008.3', read: 1, kind: 'content', label: 'content', annotation: 'content += "Hello"', extensions: [], frame: [] },
      { index: 2, time: '1,190.5', gap: '0.0', read: 1, kind: 'finish', label: 'finish', annotation: 'finish_reason = "stop"', extensions: [], frame: [] },
      { index: 3, time: '1,201.0', gap: '10.5', read: 2, kind: 'done', label: '[DONE]', annotation: '[DONE]', extensions: [], frame: [] },
    ]);
  });

  it('of an untimed recording says so with a dash', () => {
    const { events } = analyzeRecording(untimed(body(chunk([delta({ content: 'a' })]), DONE_EVENT)));
    expect([eventRow(events, 0).time, eventRow(events, 1).time, eventRow(events, 1).gap]).toEqual(['–', '–', '–']);
  });

  it('names the provider extensions a chunk carried', () => {
    const { events } = analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse')));
    expect(eventRow(events, 0).extensions).toEqual(['x_groq']);
    expect(eventRow(events, 1).extensions).toEqual([]);
    expect(eventRow(events, events.length - 2)).toMatchObject({
      kind: 'finish',
      annotation: 'finish_reason = "stop"; usage: prompt 45, completion 662, total 707 tokens; + x_groq',
      extensions: ['x_groq'],
    });
  });

  it('names SSE fields outside the standard, such as llama.cpp’s `error:`', () => {
    const { events } = analyzeRecording(untimed('error: {"message":"context too long"}\n\n'));
    expect(eventRow(events, 0)).toMatchObject({ kind: 'error', label: 'error', extensions: ['error:'], annotation: 'error: "context too long"' });
  });

  it('labels a usage-only chunk', () => {
    const { events } = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    expect(eventRow(events, events.length - 2)).toMatchObject({
      kind: 'usage',
      label: 'usage',
      annotation: 'usage-only chunk (choices: []): prompt 149, completion 60, total 209 tokens',
    });
  });
});
