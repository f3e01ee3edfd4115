import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../shared/analysis/scrub.ts';
import { createAccumulator } from '../../../shared/dialects/chat/accumulate.ts';
import { toChoices } from '../../../shared/dialects/chat/message.ts';
import { oneEventPerRead, realStream, untimed } from '../../../shared/test/streams.ts';
import type { ScrubbedState } from '../types.ts';
import { describeAsOf, describeViewed, incompleteChoice, viewedState } from './as-of.ts';

/** A real stream, one event a read, read i at 100 + 10·i ms. */
const timedByEvent = (name: string) => analyzeRecording(oneEventPerRead(realStream(name), (read) => 100 + 10 * read));

function scrubbedAt(analysis: ReturnType<typeof analyzeRecording>, event: number): ScrubbedState {
  const state = createScrubber(analysis.events).at(event);
  return { event, state, choices: toChoices(state) };
}

describe('the state a panel shows', () => {
  const analysis = timedByEvent('openai-gpt4o-refusal-logprobs.sse');

  it('is the end state when no event is selected, or when the reader asks for the end', () => {
    expect(viewedState(analysis, null, 'selected')).toEqual({ state: analysis.state, choices: analysis.choices, asOf: null });
    expect(viewedState(analysis, scrubbedAt(analysis, 4), 'end').choices).toBe(analysis.choices);
  });

  it('is the scrubbed state as of the selected event, with its time', () => {
    const scrubbed = scrubbedAt(analysis, 4);
    const viewed = viewedState(analysis, scrubbed, 'selected');
    expect(viewed.choices).toBe(scrubbed.choices);
    expect(viewed.asOf).toEqual({ event: 4, t: 140 });
    expect(viewed.choices[0]!.message.refusal).toBe("I'm very sorry,");
    expect(analysis.choices[0]!.message.refusal).toBe("I'm very sorry, but I can't assist with that request.");
    expect(describeAsOf(viewed.asOf!)).toBe('as of event #4, 140 ms');
    expect(describeViewed(viewed, false)).toBe('as of event #4, 140 ms');
  });

  it('has no time to give for an untimed recording', () => {
    const untimedAnalysis = analyzeRecording(untimed(realStream('openai-gpt4o-refusal-logprobs.sse')));
    expect(describeAsOf(viewedState(untimedAnalysis, scrubbedAt(untimedAnalysis, 2), 'selected').asOf!)).toBe('as of event #2');
  });

  it('is the empty state of a replay on screen still waiting for the first event', () => {
    const waiting: ScrubbedState = { event: -1, state: createAccumulator().state, choices: [] };
    const viewed = viewedState(analysis, waiting, 'selected');
    expect(viewed.choices).toEqual([]);
    expect(viewed.asOf).toEqual({ event: -1, t: null });
    expect(describeViewed(viewed, false)).toBe('before the first event');
  });

  it('says where the end state stands', () => {
    const viewed = viewedState(analysis, null, 'selected');
    expect(describeViewed(viewed, false)).toBe('at the end of the stream');
    expect(describeViewed(viewed, true)).toBe('so far (still recording)');
  });
});

describe('an incomplete choice', () => {
  it('is none when the choice has its finish reason', () => {
    const analysis = timedByEvent('openai-gpt4o-refusal-logprobs.sse');
    expect(incompleteChoice(analysis.choices[0]!.finish_reason, viewedState(analysis, null, 'selected'), false)).toBeNull();
  });

  it('is one that has no finish reason yet as of the selected event', () => {
    const analysis = timedByEvent('openai-gpt4o-refusal-logprobs.sse');
    const viewed = viewedState(analysis, scrubbedAt(analysis, 4), 'selected');
    expect(incompleteChoice(viewed.choices[0]!.finish_reason, viewed, false)).toBe('Incomplete as of this event: no finish reason yet.');
  });

  it('is one whose stream ended without a finish reason, or is still streaming', () => {
    const analysis = analyzeRecording(untimed(realStream('snowflake-cortex-claude-no-finish-reason.sse')));
    const viewed = viewedState(analysis, null, 'selected');
    expect(analysis.choices[0]!.finish_reason).toBeNull();
    expect(incompleteChoice(null, viewed, false)).toBe('Incomplete: the stream ended without a finish reason for this choice.');
    expect(incompleteChoice(null, viewed, true)).toBe('Incomplete: no finish reason yet (still streaming).');
  });
});
