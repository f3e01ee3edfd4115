import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../formats/bytes.ts';
import { parseSse } from '../../../framing/sse/parser.ts';
import { realStream } from '../../../test/streams.ts';
import { chatCases } from './cases.ts';
import { AZURE_PROMPT_FILTER, DEEPSEEK_REASONING_CONTENT, GROQ_CHANGING_IDS, GROQ_X_GROQ, MISTRAL_TOOL_CALL_NO_INDEX, OPENAI_PARALLEL_TOOL_CALLS, SAMBANOVA_ROLE_REPEATED } from './corpus.ts';

const cases = chatCases({ slowFirstTokenMs: 1500 });
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const body = (id: string) => new TextDecoder().decode(concatBytes(byId(id).recording.reads.map((read) => read.bytes)));
/** A corpus file's events, each with its blank line. */
const events = (name: string): string[] => new TextDecoder().decode(realStream(name)).split(/(?<=\n\n)/);
/** Whether `kept` is `all` with some events left out, the rest in order and unchanged. */
function isSubsequence(kept: readonly string[], all: readonly string[]): boolean {
  let at = 0;
  for (const event of all) if (event === kept[at]) at++;
  return at === kept.length;
}
const CLEAN_TEXT = 'Hello! Café au lait ☕ in 東京 — 🚀 done.';

describe('the Chat Completions client cases', () => {
  it('are the issue\'s cases, valid then broken', () => {
    expect(cases.map((kase) => `${kase.expect} ${kase.id}`)).toEqual([
      'survive clean', 'survive split-reads', 'survive one-read', 'survive keepalive-comments', 'survive crlf', 'survive usage-chunk', 'survive role-every-chunk', 'survive empty-deltas', 'survive tool-call', 'survive parallel-tools', 'survive slow-first-token',
      'survive azure-prompt-filter', 'survive tool-call-no-index', 'survive reasoning-content', 'survive x-groq-usage', 'survive changing-ids',
      'detect mid-stream-error', 'detect cut-before-done', 'detect connection-reset', 'detect http-429', 'detect http-500',
    ]);
  });

  it('copy their corpus streams byte for byte', () => {
    expect(SAMBANOVA_ROLE_REPEATED.join('')).toBe(new TextDecoder().decode(realStream('sambanova-llama31-role-repeated.sse')));
    expect(OPENAI_PARALLEL_TOOL_CALLS.join('')).toBe(new TextDecoder().decode(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    expect(AZURE_PROMPT_FILTER.join('')).toBe(new TextDecoder().decode(realStream('azure-gpt5nano-model-router-prompt-filter.sse')));
    expect(MISTRAL_TOOL_CALL_NO_INDEX.join('')).toBe(new TextDecoder().decode(realStream('mistral-small-tool-call-no-index.sse')));
    expect(body('role-every-chunk')).toBe(SAMBANOVA_ROLE_REPEATED.join(''));
    expect(isSubsequence(DEEPSEEK_REASONING_CONTENT, events('deepseek-reasoner-reasoning-content.sse'))).toBe(true);
    expect(isSubsequence(GROQ_X_GROQ, events('groq-llama33-text-x-groq.sse'))).toBe(true);
    expect(isSubsequence(GROQ_CHANGING_IDS, events('groq-compound-executed-tools-changing-ids.sse'))).toBe(true);
    expect(body('azure-prompt-filter')).toBe(AZURE_PROMPT_FILTER.join(''));
    expect(body('tool-call-no-index')).toBe(MISTRAL_TOOL_CALL_NO_INDEX.join(''));
    expect(body('parallel-tools')).toBe(OPENAI_PARALLEL_TOOL_CALLS.join(''));
  });

  it('expect of each valid stream what our analysis assembles from its bytes', () => {
    const text = Object.fromEntries(cases.filter((kase) => kase.expected).map((kase) => [kase.id, kase.expected!.text]));
    expect(text).toEqual({
      clean: CLEAN_TEXT, 'split-reads': CLEAN_TEXT, 'one-read': CLEAN_TEXT, 'keepalive-comments': CLEAN_TEXT, crlf: CLEAN_TEXT, 'usage-chunk': CLEAN_TEXT,
      'role-every-chunk': '2', 'empty-deltas': CLEAN_TEXT, 'tool-call': '', 'parallel-tools': '', 'slow-first-token': CLEAN_TEXT,
      'azure-prompt-filter': 'Capital of Denmark.', 'tool-call-no-index': '', 'reasoning-content': 'Hello there! 😊 How can I help you today?', 'x-groq-usage': 'Introducing "Lumin magic of light.',
      'changing-ids': 'The weather in San Francisco today is partly cloudy with a temperature of 61°F (17°C) and high humidity. The current conditions include a wind speed of around 7-22 km/h and a humidity level of 90-94%.',
    });
    expect(byId('tool-call-no-index').expected!.toolCalls).toEqual([{ name: 'weather', arguments: { location: 'San Francisco' } }]);
    expect(byId('tool-call').expected!.toolCalls).toEqual([{ name: 'GetWeatherArgs', arguments: { city: 'Edinburgh', country: 'GB', units: 'c' } }]);
    expect(byId('parallel-tools').expected!.toolCalls).toEqual([
      { name: 'GetWeatherArgs', arguments: { city: 'Edinburgh', country: 'GB', units: 'c' } },
      { name: 'get_stock_price', arguments: { ticker: 'AAPL', exchange: 'NASDAQ' } },
    ]);
    expect(cases.filter((kase) => kase.expect === 'detect').every((kase) => kase.expected === null)).toBe(true);
  });

  it('cut every event of split-reads across two reads, some inside a multi-byte character', () => {
    const reads = byId('split-reads').recording.reads.map((read) => read.bytes);
    const { events } = parseSse(reads);
    const ends = new Set<number>();
    let at = 0;
    for (const read of reads) ends.add((at += read.length));
    expect(events.length).toBe(8);
    for (const event of events) expect([...ends].some((end) => end > event.start && end < event.end)).toBe(true);
    // A read that begins with a continuation byte (0b10xxxxxx) begins inside a character.
    const cutInsideCharacter = reads.slice(1).filter((read) => (read[0]! & 0xc0) === 0x80);
    expect(cutInsideCharacter.length).toBeGreaterThanOrEqual(4);
    expect(body('split-reads')).toBe(body('clean'));
  });

  it('wait the slow first token as long as asked, the response line at once', () => {
    const { recording } = byId('slow-first-token');
    expect(recording.response!.t).toBe(0);
    expect(recording.reads[0]!.t).toBe(1500);
    expect(chatCases().find((kase) => kase.id === 'slow-first-token')!.recording.reads[0]!.t).toBe(5000);
  });

  it('end the broken streams as their fault does', () => {
    expect(byId('cut-before-done').recording.end!.outcome).toBe('eof');
    expect(body('cut-before-done')).not.toContain('[DONE]');
    expect(byId('connection-reset').recording.end!.outcome).toBe('error');
    expect(byId('http-429').recording.response).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    expect(byId('http-500').recording.response!.status).toBe(500);
    expect(body('mid-stream-error')).toMatch(/"error":\{.*\}\}\n\ndata: \[DONE\]\n\n$/);
  });
});
