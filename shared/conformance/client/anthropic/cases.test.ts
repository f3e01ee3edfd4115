import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../formats/bytes.ts';
import { anthropicCases } from './cases.ts';
import { ANTHROPIC_PARALLEL_TOOL_USE, ANTHROPIC_TEXT } from './corpus.ts';

const cases = anthropicCases({ slowFirstTokenMs: 1500 });
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const body = (id: string) => new TextDecoder().decode(concatBytes(byId(id).recording.reads.map((read) => read.bytes)));
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/dialects/messages/${name}`, import.meta.url), 'utf8');

describe('the Anthropic Messages client cases', () => {
  it("are the issue's families in Anthropic's terms, valid then broken", () => {
    expect(cases.map((kase) => `${kase.expect} ${kase.id}`)).toEqual([
      'survive clean', 'survive split-reads', 'survive ping', 'survive tool-call', 'survive parallel-tools', 'survive slow-first-token',
      'detect error-event', 'detect cut-before-message-stop', 'detect connection-reset', 'detect http-429', 'detect http-529',
    ]);
  });

  it('copy their corpus streams byte for byte', () => {
    expect(ANTHROPIC_TEXT.join('')).toBe(fixture('anthropic-sonnet46-text.sse'));
    expect(ANTHROPIC_PARALLEL_TOOL_USE.join('')).toBe(fixture('anthropic-sonnet35-parallel-tool-use.sse'));
    expect(body('clean')).toBe(fixture('anthropic-sonnet46-text.sse'));
    expect(body('split-reads')).toBe(fixture('anthropic-sonnet46-text.sse'));
    expect(body('parallel-tools')).toBe(fixture('anthropic-sonnet35-parallel-tool-use.sse'));
  });

  it('expect of each valid stream what our analysis assembles from its bytes', () => {
    const preamble = 'Certainly! I can help you with that information. To get the weather and current time in San Francisco, I\'ll need to use two separate functions. Let me fetch that data for you.';
    expect(Object.fromEntries(cases.filter((kase) => kase.expected).map((kase) => [kase.id, kase.expected]))).toEqual({
      clean: { text: '**Pete** or **Scoop**', toolCalls: [] },
      'split-reads': { text: '**Pete** or **Scoop**', toolCalls: [] },
      ping: { text: '**Pete** or **Scoop**', toolCalls: [] },
      'tool-call': { text: preamble, toolCalls: [{ name: 'get_weather', arguments: { location: 'San Francisco, CA', unit: 'celsius' } }] },
      'parallel-tools': { text: preamble, toolCalls: [{ name: 'get_weather', arguments: { location: 'San Francisco, CA', unit: 'celsius' } }, { name: 'get_time', arguments: { timezone: 'America/Los_Angeles' } }] },
      'slow-first-token': { text: '**Pete** or **Scoop**', toolCalls: [] },
    });
  });

  it('end the broken streams as their fault does', () => {
    expect(body('cut-before-message-stop')).not.toMatch(/message_stop|message_delta|content_block_stop/);
    expect(body('error-event').endsWith('event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n')).toBe(true);
    expect(byId('connection-reset').recording.end!.outcome).toBe('error');
    expect(byId('http-429').recording.response).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    expect(byId('http-529').recording.response!.status).toBe(529);
    expect(byId('ping').recording.reads.filter((read) => new TextDecoder().decode(read.bytes).startsWith('event: ping')).length).toBe(11);
  });
});
