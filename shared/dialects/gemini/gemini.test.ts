// The Gemini dialect through the dialect suite, over the real streams of shared/test/fixtures/gemini/;
// and what it reads of them, exactly: the final object a next turn copies its parts from (each
// thoughtSignature on its part), candidates by index, the usage as sent, and the words for each event.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../../framing/sse/parser.ts';
import { REGISTERED_DIALECTS } from '../registry.ts';
import { runDialect } from '../run.ts';
import { claimsGeminiPayload, gemini, geminiEndReasons } from './index.ts';
import { GEMINI_FIXTURES, wireBody } from './samples.test-support.ts';
import type { GeminiFixture } from './samples.test-support.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));
const fixture = (name: GeminiFixture) => wireBody(name, readFileSync(FIXTURES + name, 'utf8'));
/** The payloads of a fixture's events, parsed. */
const payloads = (name: GeminiFixture) => parseSse(new TextEncoder().encode(fixture(name))).events.map((event) => JSON.parse(event.data!) as { candidates: { content: { parts: Record<string, unknown>[] } }[] });


const run = (body: string | Uint8Array[]) => runDialect(gemini, parseSse(typeof body === 'string' ? new TextEncoder().encode(body) : body).events);
const sse = (...events: unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join('');

/** The body cut at these offsets. */
function split(body: string, cuts: readonly number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(body);
  const at = [0, ...[...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
}

const THOUGHT =
  '**Processing User Requests**\n\nI\'ve started by understanding the user\'s instructions. Currently, I\'m focusing on the initial steps: reading the specified theme using the appropriate tool. Next, I plan to tackle reading the screens, beginning with screen "A," then proceeding with "B" and "C" in parallel as instructed.\n\n\n';

describe('the Gemini dialect', () => {
  it('is registered, as gemini', () => {
    expect(REGISTERED_DIALECTS as readonly unknown[]).toContain(gemini);
    expect(gemini.protocol).toBe('gemini');
  });

  it('ends a stream of a thought, a signed call and parallel streamed calls with each part the next turn sends back, fed whole, at random and byte by byte', () => {
    const name = 'vertex-gemini3flash-thought-then-parallel-calls.chunks.txt';
    const signature = payloads(name)[1]!.candidates[0]!.content.parts[0]!.thoughtSignature;
    expect(typeof signature === 'string' && signature.length).toBe(1060);
    const expected = {
      responseId: '_vr4aYiWEJnYodAPkujX0QM',
      modelVersion: 'gemini-3-flash-preview',
      candidates: [
        {
          index: 0,
          content: {
            role: 'model',
            parts: [
              { text: THOUGHT, thought: true },
              { functionCall: { name: 'read_theme' }, thoughtSignature: signature },
              { functionCall: { name: 'read_screen', args: { id: 'A' } } },
              { functionCall: { name: 'read_screen', args: { id: 'B' } } },
              { functionCall: { name: 'read_screen', args: { id: 'C' } } },
              { text: '' },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: 249,
        candidatesTokenCount: 58,
        totalTokenCount: 490,
        trafficType: 'PROVISIONED_THROUGHPUT',
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 249 }],
        candidatesTokensDetails: [{ modality: 'TEXT', tokenCount: 58 }],
        thoughtsTokenCount: 183,
      },
      createTime: '2026-05-04T20:01:02.264968Z',
    };
    const body = fixture(name);
    expect(run(body).final).toEqual(expected);
    expect(run(split(body, Array.from(body, (_, at) => at))).final).toEqual(expected);
    fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        expect(run(split(body, cuts)).final).toEqual(expected);
      }), { numRuns: 30 });
    expect(run(body).usage).toEqual(expected.usageMetadata);
    expect(run(body).diagnostics).toEqual([]);
  });

  it('joins thought parts and answer parts apart, and keeps the answer part that carried the signature on its own', () => {
    const name = 'gemini25pro-thought-parts-signature-on-text.sse';
    const texts = payloads(name).map((event) => event.candidates[0]!.content.parts[0]!);
    const signature = texts[4]!.thoughtSignature;
    expect(run(fixture(name)).final.candidates[0]!.content.parts).toEqual([
      { text: texts.slice(0, 4).map((part) => part.text).join(''), thought: true },
      { text: texts[4]!.text, thoughtSignature: signature },
      { text: texts.slice(5).map((part) => part.text).join('') },
    ]);
    expect(texts.slice(0, 4).every((part) => part.thought === true) && texts.slice(4).every((part) => part.thought === undefined)).toBe(true);
  });

  it('keeps server-side tool parts whole, each signature on its part, the last on an empty text part', () => {
    const parts = payloads('gemini3flash-code-execution-usage-drop.sse').flatMap((event) => event.candidates[0]!.content.parts);
    expect(run(fixture('gemini3flash-code-execution-usage-drop.sse')).final.candidates[0]!.content.parts).toEqual([
      parts[0],
      { text: '' },
      parts[2],
      { text: 'The result of $65465 - 6544 \\times 65464 - 6 + 1.02255$ is **-428,330,955.97745**.' },
      { text: '', thoughtSignature: parts.at(-1)!.thoughtSignature },
    ]);
    expect(Object.keys(parts[0]!)).toEqual(['executableCode', 'thoughtSignature']);
  });

  it('ends the joining at a signature, on either side, and never joins a thought to an answer', () => {
    const part = (text: string, more: Record<string, unknown> = {}) => ({ candidates: [{ content: { role: 'model', parts: [{ text, ...more }] }, index: 0 }] });
    const { final } = run(sse(part('a'), part('b'), part('', { thoughtSignature: 'S1' }), part('c'), part('t1', { thought: true }), part('t2', { thought: true, thoughtSignature: 'S2' }), part('t3', { thought: true }), part('d')));
    expect(final.candidates[0]!.content.parts).toEqual([{ text: 'ab' }, { text: '', thoughtSignature: 'S1' }, { text: 'c' }, { text: 't1', thought: true }, { text: 't2', thought: true, thoughtSignature: 'S2' }, { text: 't3', thought: true }, { text: 'd' }]);
  });

  it('reads a candidate without index as candidate 0, as the last event of a real stream sends it', () => {
    const { final, diagnostics } = run(sse({ candidates: [{ content: { parts: [{ text: 'Hi' }], role: 'model' }, index: 0 }], modelVersion: 'gemini-2.5-flash' }, { candidates: [{ finishReason: 'STOP' }] }));
    expect(final.candidates).toEqual([{ index: 0, content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }]);
    expect(diagnostics).toEqual([]);
  });

  it('keys candidates by their index, never by a count, each with its members as last sent and its citations gathered', () => {
    const { final } = run(
      sse(
        { candidates: [{ index: 5, content: { parts: [{ text: 'five' }] }, citationMetadata: { citations: [{ uri: 'https://a.example' }] }, safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'LOW' }] }] },
        { candidates: [{ index: 2, content: { parts: [{ text: 'two' }], role: 'model' }, finishReason: 'STOP' }] },
        { candidates: [{ index: 5, finishReason: 'STOP', citationMetadata: { citations: [{ uri: 'https://b.example' }] }, safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }] }] },
      ),
    );
    expect(final.candidates).toEqual([
      { index: 2, content: { role: 'model', parts: [{ text: 'two' }] }, finishReason: 'STOP' },
      { index: 5, content: { role: 'model', parts: [{ text: 'five' }] }, finishReason: 'STOP', safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }], citationMetadata: { citations: [{ uri: 'https://a.example' }, { uri: 'https://b.example' }] } },
    ]);
  });

  it('says how each real stream ended from its final object, and claims each one\'s first payload', () => {
    const ends = GEMINI_FIXTURES.map((name) => [name, geminiEndReasons(run(fixture(name)).final)]);
    expect(Object.fromEntries(ends.filter(([, reasons]) => JSON.stringify(reasons) !== '["STOP"]'))).toEqual({
      'gemini20flash-max-tokens-prompt-tokens-drop.chunks.txt': ['MAX_TOKENS'],
      'gemini-model-not-found-404-error.chunks.txt': [null],
      'gemini15flash-finish-safety.response.json': ['SAFETY'],
      'vertex-gemini25flash-prompt-blocked-model-armor.response.json': ['MODEL_ARMOR'],
    });
    expect(GEMINI_FIXTURES.filter((name) => !claimsGeminiPayload(payloads(name)[0] as unknown as Record<string, unknown>))).toEqual([]);
    const others = [{ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [] }, { type: 'message_start', message: {} }, { error: { message: 'm', type: 'server_error', code: null } }, { type: 'response.created', response: {} }];
    expect(others.filter(claimsGeminiPayload)).toEqual([]);
  });

  it('words each event of a thought, a signed call and parallel streamed calls', () => {
    const result = run(fixture('vertex-gemini3flash-thought-then-parallel-calls.chunks.txt'));
    const traffic = 'usage: trafficType PROVISIONED_THROUGHPUT';
    const screen = (id: string) => [`functionCall read_screen(…) streamed; ${traffic}`, `args $.id += "${id}" …; ${traffic}`, `args $.id += ""; ${traffic}`, `functionCall end; ${traffic}`];
    expect(result.events.map((event) => gemini.annotate(event.sse, event.interpretation, { maxText: 28 }))).toEqual([
      `thought += "**Processing User Requests**"…(+292 chars); ${traffic}`,
      `functionCall read_theme() with thoughtSignature (1060 chars); ${traffic}`,
      ...screen('A'),
      ...screen('B'),
      ...screen('C'),
      'text += ""; finishReason = "STOP"; usage: prompt 249, candidates 58, thoughts 183, total 490, trafficType PROVISIONED_THROUGHPUT',
    ]);
    expect(result.events.map((event) => event.interpretation.kind)).toEqual(['reasoning', 'tool', ...Array(12).fill('tool'), 'finish']);
    expect(result.firstToken).toBe(0);
  });

  it('words every event of every real stream in one line', () => {
    const lines = GEMINI_FIXTURES.flatMap((name) => run(fixture(name)).events.map((event) => gemini.annotate(event.sse, event.interpretation)));
    expect(lines.filter((line) => line === '' || line.includes('\n') || line.includes('\r'))).toEqual([]);
    expect(lines.length).toBe(203);
  });

  it('words candidates, safety ratings, grounding, blocked prompts and errors', () => {
    const words = (name: GeminiFixture) => run(fixture(name)).events.map((event) => gemini.annotate(event.sse, event.interpretation));
    expect(words('gemini15flash-finish-safety.response.json')).toEqual(['finishReason = "SAFETY"; safetyRatings: HATE_SPEECH LOW (blocked), DANGEROUS_CONTENT NEGLIGIBLE, HARASSMENT NEGLIGIBLE, SEXUALLY_EXPLICIT NEGLIGIBLE; usage: prompt 14, total 14']);
    expect(words('vertex-gemini25flash-prompt-blocked-model-armor.response.json')).toEqual(['promptFeedback.blockReason = "MODEL_ARMOR" ("The prompt violated Prompt Injection and Jailbreak filters."); usage: trafficType ON_DEMAND']);
    expect(words('gemini25pro-google-search-grounding.sse').at(-1)).toMatch(/; finishReason = "STOP"; groundingMetadata: 5 chunks, 8 supports, queries "weather in San Francisco today"; usage: prompt 17, candidates 241, thoughts 412, tool prompt 102, total 772$/);
    expect(words('gemini-model-not-found-404-error.chunks.txt')[0]).toMatch(/^error 404 NOT_FOUND: "models\/custom-gemini-2.0-flash is not found/);
    const { events } = run(sse({ candidates: [{ index: 1, content: { parts: [{ functionCall: { name: 'f', args: { a: 1 }, id: 'c1' } }, { inlineData: { mimeType: 'image/png', data: 'AA' } }] } }], usageMetadata: { promptTokenCount: 3, cachedContentTokenCount: 2, candidatesTokenCount: 1 } }));
    expect(gemini.annotate(events[0]!.sse, events[0]!.interpretation)).toBe('candidates[1] functionCall f({"a":1}) id "c1"; candidates[1] inlineData part; usage: prompt 3, cached 2, candidates 1');
  });
});
