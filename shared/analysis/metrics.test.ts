import { describe, expect, it } from 'vitest';
import { analyzeRecording } from './analyze.ts';
import { percentile } from './metrics.ts';
import { body, chunk, delta, DONE_EVENT, timed, untimed } from '../test/streams.ts';

describe('timing metrics', () => {
  it('measures every milestone and the gaps of a timed stream exactly', () => {
    const recording = timed(
      [
        [100, body(chunk([delta({ role: 'assistant', content: '' })]))],
        [150, body(chunk([delta({ reasoning_content: 'think' })]))],
        [200, body(chunk([delta({ content: 'Hi' })]))],
        [260, body(chunk([delta({ content: ' there' })]), chunk([delta({}, 'stop')]))],
        [300, body(chunk([], { usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 } })) + DONE_EVENT],
      ],
      { response: { t: 90, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } }, end: { t: 310, outcome: 'eof' } },
    );
    expect(analyzeRecording(recording).metrics).toEqual({
      headers_ms: 90,
      ttfb_ms: 100,
      first_event_ms: 100,
      ttft_ms: 150,
      first_content_ms: 200,
      first_reasoning_ms: 150,
      first_refusal_ms: null,
      first_tool_ms: null,
      last_token_ms: 260,
      duration_ms: 310,
      gap_p50_ms: 40,
      gap_p90_ms: 60,
      gap_p99_ms: 60,
      gap_max_ms: 60,
      read_gap_max_ms: 60,
      events_per_s: (6 / 200) * 1000,
      output_tokens: 4,
      tpot_ms: (260 - 150) / 3,
      tokens_per_s: 3000 / 110,
    });
  });

  it('gives no metrics for an untimed body', () => {
    expect(analyzeRecording(untimed(body(chunk([delta({ content: 'a' })])))).metrics).toBeNull();
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNull();
  });
});
