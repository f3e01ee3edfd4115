// Gemini's function calls on the tool cards, read from a real Vertex stream
// (shared/test/fixtures/gemini): a call whole in its part (with its thoughtSignature, no args), then
// three parallel calls whose args stream as partialArgs — each fragment in words, their args
// assembled as the fold assembles them.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { untimed } from '../../../../shared/test/streams.ts';
import { toolCallsAsOf, toolItemsOf } from '../kit/tool-items.ts';
import { GEMINI_TOOL_ITEMS } from './tools.ts';

const FIXTURE = new URL('../../../../shared/test/fixtures/gemini/vertex-gemini3flash-thought-then-parallel-calls.chunks.txt', import.meta.url);
const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
const analysis = analyzeRecording(untimed(lines.map((line) => `data: ${line}\r\n\r\n`).join('')));

describe('Gemini function calls on the tool cards', () => {
  it('takes a call that came whole with no args as called with none', () => {
    const [whole] = toolCallsAsOf(toolItemsOf(analysis.events, GEMINI_TOOL_ITEMS), null);
    expect(whole!.call).toMatchObject({ where: 'candidates[0] call 0', name: 'read_theme', openedAt: 1, closedAt: 1 });
    expect(whole!.fragments).toEqual([]);
    expect(whole!.check).toEqual({ valid: true, value: {} });
  });

  it('shows each partialArgs fragment by its path and value, and the args they assemble to', () => {
    const shown = toolCallsAsOf(toolItemsOf(analysis.events, GEMINI_TOOL_ITEMS), null).slice(1);
    expect(shown.map(({ call, closed, text, check }) => ({ where: call.where, name: call.name, closed, text, check }))).toEqual([
      { where: 'candidates[0] call 1', name: 'read_screen', closed: true, text: '{"id":"A"}', check: { valid: true, value: { id: 'A' } } },
      { where: 'candidates[0] call 2', name: 'read_screen', closed: true, text: '{"id":"B"}', check: { valid: true, value: { id: 'B' } } },
      { where: 'candidates[0] call 3', name: 'read_screen', closed: true, text: '{"id":"C"}', check: { valid: true, value: { id: 'C' } } },
    ]);
    expect(shown[0]!.fragments.map(({ event, text }) => `#${event} ${text}`)).toEqual(['#3 $.id = "A"', '#4 $.id = ""']);
  });

  it('gives a call as of an event the fragments that had come by then', () => {
    const calls = toolItemsOf(analysis.events, GEMINI_TOOL_ITEMS);
    const asOf = toolCallsAsOf(calls, 3);
    expect(asOf.map((call) => call.call.name)).toEqual(['read_theme', 'read_screen']);
    expect(asOf[1]).toMatchObject({ closed: false, text: '{"id":"A"}' });
  });
});
