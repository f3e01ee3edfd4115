// The inspector drawn to static markup in Node (no DOM): what it shows of real events.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { concat, eventFrame, exceptionFrame } from '../../../shared/framing/aws-eventstream/frames.test-support.ts';
import { realStream, realStreams, timed, untimed } from '../../../shared/test/streams.ts';
import { EventInspector } from './EventInspector.tsx';

const draw = (analysis: Analysis, selected: number | null): string => renderToStaticMarkup(createElement(EventInspector, { analysis, selected }));

/** The text of the element with this test id (its tags dropped, entities read). */
function textOf(markup: string, testId: string): string {
  const start = markup.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  const open = markup.lastIndexOf('<', start);
  const tag = /^<(\w+)/.exec(markup.slice(open))![1]!;
  // Walk to the matching close tag.
  let depth = 0;
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  pattern.lastIndex = open;
  let end = markup.length;
  for (let match = pattern.exec(markup); match; match = pattern.exec(markup)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      end = match.index + match[0].length;
      break;
    }
  }
  return markup
    .slice(open, end)
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('the event inspector', () => {
  it('says what to do when no event is selected', () => {
    expect(draw(analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse'))), null)).toContain('No event selected.');
  });

  it('shows a tool call opening: raw bytes with visible line endings and offsets, the JSON, the effect', () => {
    const analysis = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    const markup = draw(analysis, 1);
    // Each line behind its body offset in the gutter: the data line at 279, the blank line at 657.
    expect(analysis.events[1]!.sse).toMatchObject({ start: 279, end: 658 });
    expect(textOf(markup, 'raw-bytes')).toBe(`279data: ${analysis.events[1]!.sse.data}\\n657\\n`);
    expect(textOf(markup, 'event-effect')).toBe(
      'This event made 1 change to what a client holds.choices[0]tool_calls[0] opened: id = "call_JMW1whyEaYG438VE1OIflxA2", type = "function", name = "GetWeatherArgs"',
    );
    expect(textOf(markup, 'json-tree')).toContain('model: "gpt-4o-2024-08-06"');
    expect(markup).toContain('Unknown fields</h3><p class="inspector-note">None: every field is one OpenAI sends.</p>');
  });

  it('lists a provider extension among the unknown fields', () => {
    const markup = draw(analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse'))), 0);
    expect(markup).toContain('<code>x_groq</code> (a chunk field outside OpenAI’s set: a provider extension)');
  });

  it('lists an SSE message’s event, id, retry and comment lines as its SSE fields, and a field outside the standard as unknown', () => {
    const markup = draw(analyzeRecording(untimed(': keep-alive\nevent: delta\nid: 7\nretry: 3000\nerror: boom\ndata: {"x":1}\n\n')), 0);
    expect(textOf(markup, 'raw-bytes')).toContain('event: delta');
    expect(markup).toContain('<section aria-label="SSE fields"><h3>SSE fields</h3><ul class="inspector-fields"><li><code>event: delta</code></li><li><code>id: 7</code></li><li><code>retry: 3000</code></li><li><code>: keep-alive</code></li></ul></section>');
    expect(markup).toContain('<code>error: boom</code> (an SSE field the standard does not define: browsers ignore it)');
    expect(markup).not.toContain('data-testid="frame"');
  });

  it('shows a Bedrock exception frame as it is beside its decoded event, its headers not taken for unknown fields', () => {
    const exception = exceptionFrame('throttlingException', { message: 'Too many requests, please wait before trying again.' });
    const body = concat([eventFrame('messageStart', { role: 'assistant' }), exception]);
    const analysis = analyzeRecording(
      timed([[10, body]], {
        request: { method: 'POST', url: '/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', headers: {}, body: {} },
        response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
      }),
    );
    const markup = draw(analysis, 1);
    expect(textOf(markup, 'event-type')).toBe('throttlingException (error)');
    expect(textOf(markup, 'frame-headers')).toBe('nametypevalue:exception-typestring (7)throttlingException:content-typestring (7)application/json:message-typestring (7)exception');
    expect(textOf(markup, 'frame-payload')).toBe('{"message":"Too many requests, please wait before trying again."}');
    expect(textOf(markup, 'frame-message-crc')).toMatch(/^0x[0-9a-f]{8} \(holds\)$/);
    expect(markup).toContain('Unknown fields</h3><p class="inspector-note">None: the frame’s headers are listed under Frame.</p>');
    expect(markup).not.toContain('SSE fields');
  });

  it('shows data that is not JSON with the parse error, and [DONE] as the end', () => {
    const analysis = analyzeRecording(untimed('data: {"a":\n\ndata: [DONE]\n\n'));
    expect(textOf(draw(analysis, 0), 'json-tree')).toBe(`Not JSON: Unexpected end of JSON input`);
    expect(textOf(draw(analysis, 1), 'json-tree')).toBe('[DONE] is not JSON: it marks the end of a complete stream.');
  });

  it('previews a large event and offers the rest', () => {
    const analysis = analyzeRecording(timed([[5, `data: "${'a'.repeat(100_000)}"\n\n`]]));
    const markup = draw(analysis, 0);
    expect(markup).toContain('Showing the first 16.0 KiB of 97.7 KiB.');
    expect(textOf(markup, 'raw-bytes').length).toBeLessThan(17_000);
  });

  it('draws every event of every real stream', () => {
    for (const { name, bytes } of realStreams()) {
      const analysis = analyzeRecording(untimed(bytes));
      const step = Math.max(1, Math.ceil(analysis.events.length / 40));
      for (let index = 0; index < analysis.events.length; index += step) {
        expect(draw(analysis, index), `${name} #${index}`).toContain('data-testid="event-effect"');
      }
    }
  });
});

describe('the event inspector on another dialect', () => {
  const dialect = (file: string) => analyzeRecording(untimed(new Uint8Array(readFileSync(new URL(`../../../shared/test/fixtures/dialects/${file}`, import.meta.url)))));

  it('names a Responses event by its type, the dialect’s word and its sequence number, and shows its delta', () => {
    const analysis = dialect('responses/deepseek-reasoning-text-function-call.sse');
    const item = draw(analysis, 21);
    expect(textOf(item, 'event-type')).toBe('response.output_item.added (item, sequence_number 21)');
    expect(textOf(item, 'event-effect')).toBe('output[1] = function_call "get_temperature" (62bf2bb7-56af-4e3a-883b-83d4aad54da1)');
    const fragment = draw(analysis, 24);
    expect(textOf(fragment, 'event-type')).toBe('response.function_call_arguments.delta (tool, sequence_number 24)');
    expect(fragment).toContain('<h3>Delta</h3><ul class="json-tree" aria-label="delta"><li><span class="json-leaf json-string">&quot;city&quot;</span></li></ul>');
    expect(fragment).toContain('None among the SSE fields');
  });

  it('names an Anthropic event by its type, and shows the delta object', () => {
    const analysis = dialect('messages/anthropic-sonnet35-parallel-tool-use.sse');
    expect(textOf(draw(analysis, 2), 'event-type')).toBe('ping (ping)');
    const fragment = draw(analysis, 16);
    expect(textOf(fragment, 'event-type')).toBe('content_block_delta (tool)');
    expect(textOf(fragment, 'event-effect')).toBe('content[1].input += "{\\""');
    expect(fragment).toContain('partial_json');
    expect(textOf(draw(analysis, 14), 'event-type')).toBe('content_block_start (block-start)');
  });
});
