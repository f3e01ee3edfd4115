import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../analysis/analyze.ts';
import { utf8Bytes } from '../../formats/bytes.ts';
import type { Recording } from '../../recording/types.ts';
import {
  HOSTILE_CONTENT,
  HOSTILE_NAME,
  HOSTILE_REASONING,
  HOSTILE_REFUSAL,
  HOSTILE_TOOL_ID,
  HOSTILE_TOOL_NAME,
  SECRET_COOKIE,
  SECRET_KEY,
  SECRET_URL_KEY,
  hostileRecording,
} from '../../test/hostile.ts';
import { DONE_EVENT, body, chunk, cleanTextStream, delta, realStreams, timed, untimed } from '../../test/streams.ts';
import { escapeHtml, shown } from './escape.ts';
import { TABLE_HEAD, TABLE_TAIL } from './events.ts';
import { CONTENT_SECURITY_POLICY, STYLESHEET, htmlExporter, renderHtmlReport } from './index.ts';

// Every element and attribute the report may contain: anything else in the output came from a recording.
const TAGS = new Set(
  'html head meta title style body header nav main section footer h1 h2 h3 h4 p a b i strong code pre span div dl dt dd ul li table thead tbody tr th td details summary article svg g rect line text'.split(' '),
);
const ATTRIBUTES = new Set('lang charset http-equiv content name class id href title colspan scope open role aria-label xmlns viewbox x y x1 x2 y1 y2 width height text-anchor'.split(' '));
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*(?:="[^"<>]*")?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9:-]*)(?:="([^"]*)")?/g;

/** Every tag of the page, checked against the allowed set; returns the text left between them. */
function markupOf(page: string): { text: string; hrefs: string[]; ids: string[] } {
  const [head, style, rest] = page.split(/<style>|<\/style>/);
  expect(style).toBe(STYLESHEET);
  const hrefs: string[] = [];
  const ids: string[] = [];
  const text = (head! + rest!).replace(/^<!doctype html>/, '').replace(TAG, (_tag, _close, name: string, attributes: string) => {
    expect(TAGS, `<${name}>`).toContain(name.toLowerCase());
    for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
      expect(ATTRIBUTES, `${attribute} on <${name}>`).toContain(attribute!.toLowerCase());
      if (attribute === 'href') hrefs.push(value!);
      if (attribute === 'id') ids.push(value!);
    }
    return '';
  });
  return { text, hrefs, ids };
}

function eventSummaries(page: string): string[] {
  return [...page.matchAll(/<tr id="event-\d+">.*?<summary>(.*?)<\/summary>/g)].map((match) => match[1]!);
}

function diagnosticCodes(page: string): string[] {
  return [...page.matchAll(/<article class="card diag sev-[a-z]+"><h4><span class="sev">[a-z]+<\/span> <code>([a-z-]+)<\/code>/g)].map((match) => match[1]!);
}

function laneLabels(page: string): string[] {
  return [...page.matchAll(/<text class="lane"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

describe('the HTML report of a small known stream', () => {
  const text = cleanTextStream();
  // The role chunk and the first two words in the first read, the rest 1.6 s later.
  const cut = text.split('\n\n', 3).join('\n\n').length + 2;
  const recording = timed([[210.5, text.slice(0, cut)], [1850.25, text.slice(cut)]], {
    request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: { 'content-type': 'application/json' }, body: { model: 'gpt-test', stream: true } },
    response: { t: 200, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    end: { t: 1860, outcome: 'eof' },
  });
  const page = htmlExporter.export(recording, { name: 'greeting' }) as string;

  it('is the exporter of the html format, a UTF-8 HTML file', () => {
    expect([htmlExporter.format, htmlExporter.extension, htmlExporter.mediaType]).toEqual(['html', '.html', 'text/html; charset=utf-8']);
    expect(page).toBe(renderHtmlReport(recording, { name: 'greeting' }));
  });

  it('opens with the charset and the content security policy, before anything recorded', () => {
    expect(page.slice(0, page.indexOf('<title>'))).toBe(
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light dark">\n<meta name="generator" content="Streamscope">\n`,
    );
    expect(CONTENT_SECURITY_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'");
  });

  it('shows the title, the summary, the request and the response', () => {
    expect(page).toContain('<title>greeting · Streamscope report</title>');
    expect(page).toContain('<h1>greeting</h1><p class="note">HTTP 200 · ended: eof · 7 events · 0 errors, 0 warnings, 1 note</p>');
    expect(page).toContain('<p class="line"><span class="method">POST</span> <span class="url">https://api.openai.com/v1/chat/completions</span></p>');
    expect(page).toContain('<pre class="json">\n{\n  &quot;model&quot;: &quot;gpt-test&quot;,\n  &quot;stream&quot;: true\n}</pre>');
    expect(page).toContain('<p class="line ok">HTTP 200 (HTTP/1.1), headers at 200.0 ms</p>');
    expect(page).toContain('<dt>counts</dt><dd>7 events (6 chunks), 2 reads, 1,356 bytes</dd>');
    expect(page).toContain('<dt>recorded</dt><dd>2026-11-30T08:00:00.000Z</dd>');
    expect(page).toContain('<footer>Generated by Streamscope.');
  });

  it('shows the reassembled message and the usage', () => {
    expect(page).toContain('<h3>Choice 0 · role <code>assistant</code> · finish_reason <code>&quot;stop&quot;</code></h3>');
    expect(page).toContain('<h4>content</h4><pre class="text content">\nHello there.</pre>');
    expect(page).toContain('<p>prompt 11, completion 3, total 14 tokens</p><table class="usage"><tr><th scope="row">prompt_tokens</th><td>11</td></tr><tr><th scope="row">completion_tokens</th><td>3</td></tr><tr><th scope="row">total_tokens</th><td>14</td></tr></table>');
  });

  it('lists every event with its time, gap, read, kind and the core’s annotation', () => {
    expect(eventSummaries(page)).toEqual(analyzeRecording(recording).events.map((event) => escapeHtml(event.annotation)));
    expect(eventSummaries(page)).toEqual([
      'role = &quot;assistant&quot;; content += &quot;&quot;',
      'content += &quot;Hello&quot;',
      'content += &quot; there&quot;',
      'content += &quot;.&quot;',
      'finish_reason = &quot;stop&quot;',
      'usage-only chunk (choices: []): prompt 11, completion 3, total 14 tokens',
      '[DONE]',
    ]);
    expect(page).toContain('<tr id="event-1"><td class="num">1</td><td class="num">210.5</td><td class="num">0.0</td><td class="num">0</td><td><span class="kind k-content">content</span></td>');
    expect(page).toContain('<tr id="event-3"><td class="num">3</td><td class="num">1,850.3</td><td class="num">1,639.8</td><td class="num">1</td>');
  });

  it('keeps each event’s raw bytes, line endings visible', () => {
    expect(page).toContain(
      '<pre class="raw">\ndata: {&quot;id&quot;:&quot;chatcmpl-test&quot;,&quot;object&quot;:&quot;chat.completion.chunk&quot;,&quot;created&quot;:1770000000,&quot;model&quot;:&quot;gpt-test&quot;,&quot;system_fingerprint&quot;:&quot;fp_test&quot;,&quot;choices&quot;:[{&quot;index&quot;:0,&quot;delta&quot;:{&quot;content&quot;:&quot;Hello&quot;},&quot;logprobs&quot;:null,&quot;finish_reason&quot;:null}]}<span class="le">\\n</span>\n<span class="le">\\n</span>\n</pre>',
    );
    expect(page).toContain('<pre class="raw">\ndata: [DONE]<span class="le">\\n</span>\n<span class="le">\\n</span>\n</pre><p class="where">bytes 1,342–1,356 of the body (14 bytes)</p>');
  });

  it('draws a timeline with a lane for the reads and one per kind, the markers and the long silence', () => {
    expect(laneLabels(page)).toEqual(['network reads', 'role', 'content', 'finish', 'usage', '[DONE]']);
    expect(page).toContain(
      '<ul class="markers"><li><b>headers</b> 200.0 ms</li><li><b>first byte</b> 210.5 ms</li><li><b>first token</b> 210.5 ms</li><li><b>finish</b> 1,850.3 ms</li><li><b>[DONE]</b> 1,850.3 ms</li><li><b>end</b> 1,860.0 ms</li></ul>',
    );
    expect(page).toContain('<title>1,639.8 ms without a read (210.5–1,850.3 ms)</title>');
    expect(page).toContain('<a href="#event-1"><rect class="k-content"');
  });

  it('shows the metrics with their definitions and the diagnostics with their fix', () => {
    expect(page).toContain('<tr><th scope="row">first token (any kind)</th><td class="num">210.5 ms</td><td class="def"><code>ttft_ms</code> First event with content, reasoning or refusal text, or a tool-call fragment. <i>TTFT as vLLM&#39;s benchmark_serving and LLMPerf measure it (responses without a token skipped), except that reasoning counts as a token.</i></td></tr>');
    expect(diagnosticCodes(page)).toEqual(['usage-chunk']);
    expect(page).toContain('<p class="hint"><strong>Fix:</strong> A chunk with choices: [] carries the usage: guard choices[0] before reading it.</p><p class="evidence">Evidence: <span>event <a href="#event-5">#5</a></span></p>');
  });

  it('links only to its own rows', () => {
    const { hrefs, ids } = markupOf(page);
    for (const href of hrefs) expect(ids).toContain(href.slice(1));
  });
});

describe('the HTML report of an untimed body', () => {
  const page = renderHtmlReport(untimed(cleanTextStream()));

  it('says it has no time axis and draws the events in order', () => {
    expect(page).toContain('Untimed recording: the source carries no arrival times, so there is no time axis. The strip shows the events in order.');
    expect(laneLabels(page)).toEqual(['role', 'content', 'finish', 'usage', '[DONE]']);
    expect(page).toContain('event order (untimed recording: no time axis)');
    expect(page).toContain('<ul class="markers"><li><b>first token</b> event #1</li><li><b>finish</b> event #4</li><li><b>[DONE]</b> event #6</li></ul>');
    expect(page).toContain('Untimed recording: no timing metrics (the source carries no arrival times).');
    expect(page).toContain('<h1>plain SSE body (.sse), untimed</h1>');
  });
});

describe('the HTML report of an exchange that is not a stream', () => {
  it('of an empty body says there is nothing to draw and no event', () => {
    const page = renderHtmlReport({ source: 'sse', startedAt: null, request: null, response: null, reads: [], end: null });
    expect(page).toContain('<section id="timeline"><h2>Timeline</h2><p class="note">Nothing to draw: the body holds no event and no timing.</p></section>');
    expect(page).toContain('<section id="events"><h2>Events</h2><p class="note">The body holds no event.</p></section>');
    expect(page).toContain('<p class="note">No choice received anything: the stream carried no chunk with a choice.</p>');
  });

  it('of an HTTP error shows the status, the error body as an unterminated event and the http-status finding', () => {
    const body = '{"error":{"message":"Rate limit reached","code":"rate_limit_exceeded"}}';
    const page = renderHtmlReport(timed([[300, body]], { response: { t: 290, status: 429, httpVersion: '1.1', headers: { 'content-type': 'application/json' } } }));
    expect(page).toContain('<p class="line bad">HTTP 429 (HTTP/1.1), headers at 290.0 ms</p>');
    expect(diagnosticCodes(page)).toEqual(['http-status']);
    expect(page).toContain(`<summary>partial event: 71 bytes never terminated by a blank line (the last line has no line ending either)</summary><pre class="raw">\n${escapeHtml(body)}</pre>`);
    expect(laneLabels(page)).toEqual(['network reads']);
  });
});

describe('the HTML report of a hostile stream', () => {
  const recording = hostileRecording();
  const page = renderHtmlReport(recording, { name: HOSTILE_NAME, id: 7 });

  it('contains no element or attribute of its own making: every payload stayed text', () => {
    const { text, hrefs } = markupOf(page);
    expect(text).not.toMatch(/[<>]/);
    expect(hrefs.every((href) => /^#[a-z]+(-\d+)?$/.test(href))).toBe(true);
    expect(page).not.toMatch(/<script|<img|<svg onload|<iframe|javascript:[^a]*"/i);
  });

  it('shows every payload, escaped, where a reader looks for it', () => {
    expect(page).toContain(`<title>${escapeHtml(HOSTILE_NAME)} · Streamscope report</title>`);
    expect(page).toContain(`<pre class="text content">\n${shown(HOSTILE_CONTENT).value}</pre>`);
    expect(page).toContain(
      'Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &quot;&gt;&lt;svg onload=alert(3)&gt; &lt;/textarea&gt;&lt;script&gt;alert(4)&lt;/script&gt; [click](javascript:alert(5)) line<span class="esc">\\u2028</span>separator nul<span class="esc">\\u0000</span>here rlo<span class="esc">\\u202e</span>evil',
    );
    expect(page).toContain(`<pre class="text reasoning">\n${shown(HOSTILE_REASONING).value}</pre>`);
    expect(page).toContain(`<pre class="text refusal">\n${shown(HOSTILE_REFUSAL).value}</pre>`);
    expect(page).toContain(`<h4>tool_calls[0] <code>${escapeHtml(HOSTILE_TOOL_NAME)}</code></h4><dl class="facts"><dt>id</dt><dd><code>${escapeHtml(HOSTILE_TOOL_ID)}</code></dd>`);
    expect(page).toContain('<pre class="json">\n{\n  &quot;q&quot;: &quot;&lt;/script&gt;&lt;script&gt;alert(8)&lt;/script&gt;&quot;\n}</pre>');
    expect(page).toContain('<pre class="json">\n{&quot;a&quot;: &lt;img src=x onerror=alert(9)&gt;</pre><p class="bad">Not JSON at line 1, column 7 (character 6): expected a value (JSON.parse: Unexpected token');
    expect(page).toContain('<dt>error</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(page).toContain('<tr><th scope="row">x-evil</th><td>&lt;img src=x onerror=alert(2)&gt;</td></tr>');
  });

  it('shows the raw bytes of the hostile events with NUL, CRLF and invalid UTF-8 made visible', () => {
    expect(page).toContain('event: &lt;svg onload=alert(11)&gt;<span class="le">\\n</span>\ndata: &lt;html&gt;&lt;script&gt;alert(12)&lt;/script&gt;<span class="le">\\r\\n</span>\n<span class="le">\\r\\n</span>\n');
    expect(page).toContain(': nul <span class="esc">\\u0000</span> and <span class="bad">\\xff</span><span class="bad">\\xfe</span><span class="bad">\\xc3</span> end<span class="le">\\n</span>');
  });

  it('holds no character that is invisible, unpaired or changed by the HTML parser', () => {
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(page).not.toMatch(/[\0-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\u202A-\u202E]/);
    expect(page).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('carries no secret of the request or the response', () => {
    for (const secret of [SECRET_KEY, SECRET_URL_KEY, SECRET_COOKIE.split('=')[1]!, SECRET_KEY.slice(8, 20), SECRET_URL_KEY.slice(4, 20)]) expect(page).not.toContain(secret);
    expect(page).toContain('<tr><th scope="row">authorization</th><td>Bearer sk-proj-…5rHj</td></tr>'.replace('5rHj', SECRET_KEY.slice(-4)));
    expect(page).toContain(`?api_key=…${SECRET_URL_KEY.slice(-4)}&amp;next=javascript:alert(5)&amp;q=&lt;script&gt;alert(1)&lt;/script&gt;</span>`);
  });

  it('names the diagnostics the stream earns', () => {
    expect(diagnosticCodes(page).sort()).toEqual(['comment', 'invalid-json', 'mixed-line-endings', 'refusal', 'tool-arguments-invalid', 'tool-finish-mismatch', 'unknown-field']);
  });
});

describe('the HTML report of the real-streams corpus', () => {
  it.each(realStreams().map(({ name, bytes }) => [name, bytes] as const))('%s: shows each choice’s message, every link lands on a row', (_name, bytes) => {
    const recording = untimed(bytes);
    const page = renderHtmlReport(recording);
    const { hrefs, ids } = markupOf(page);
    for (const href of hrefs) expect(ids).toContain(href.slice(1));
    const analysis = analyzeRecording(recording);
    expect(eventSummaries(page)).toEqual(analysis.events.map((event) => escapeHtml(event.annotation)));
    for (const { message } of analysis.choices) {
      for (const text of [message.content, message.reasoning_content, message.refusal]) if (text) expect(page).toContain(`\n${shown(text).value}</pre>`);
      for (const call of message.tool_calls ?? []) if (call.function.name) expect(page).toContain(`<code>${escapeHtml(call.function.name)}</code></h4>`);
    }
    expect(diagnosticCodes(page).sort()).toEqual(analysis.diagnostics.map((diagnostic) => diagnostic.code).sort());
  });
});

describe('the HTML report of a 100,000-event stream', () => {
  const EVENTS = 100_000;
  const BROKEN = 50_000;
  const events: string[] = [body(chunk([delta({ role: 'assistant', content: '' })]))];
  for (let i = 1; i < EVENTS - 3; i++) events.push(i === BROKEN ? 'data: {"broken\n\n' : body(chunk([delta({ content: `w${i} ` })])));
  events.push(body(chunk([delta({}, 'stop')])), body(chunk([], { usage: { prompt_tokens: 5, completion_tokens: EVENTS - 5, total_tokens: EVENTS } })), DONE_EVENT);
  const PER_READ = 50;
  const reads: { t: number; bytes: Uint8Array }[] = [];
  for (let i = 0; i < events.length; i += PER_READ) reads.push({ t: 100 + i * 0.2, bytes: utf8Bytes(events.slice(i, i + PER_READ).join('')) });
  const recording: Recording = { source: 'ssrec', startedAt: null, request: null, response: null, reads, end: { t: 100 + EVENTS * 0.2, outcome: 'eof' } };
  const page = renderHtmlReport(recording);

  it('stays a small file', () => {
    expect(page.length).toBeLessThan(8_000_000);
  });

  it('keeps the whole message', () => {
    let content = '';
    for (let i = 1; i < EVENTS - 3; i++) if (i !== BROKEN) content += `w${i} `;
    expect(page).toContain(`<pre class="text content">\n${content}</pre>`);
  });

  it('caps the table to the first and last events and those the diagnostics cite, saying what it left out', () => {
    expect(page.match(/<tr id="event-\d+">/g)).toHaveLength(TABLE_HEAD + TABLE_TAIL + 1);
    expect(page).toContain('<tr id="event-50000">');
    expect(page).toContain('<a href="#event-50000">#50000</a>');
    expect(page).toContain('<p class="note">This recording has 100,000 events: 97,999 events are left out of the table (see the notes in it).</p>');
    expect(page).toContain(
      '<tr class="omitted"><td colspan="6">49,000 events not shown here (#1000–#49999): the table keeps the first 1,000, the last 1,000 and the events diagnostics cite. The timeline above shows them all.</td></tr>',
    );
    expect(page).toContain('<tr class="omitted"><td colspan="6">48,999 events not shown here (#50001–#98999)');
  });

  it('gathers the timeline’s marks into at most one per pixel column and lane', () => {
    const svg = /<svg class="timeline".*?<\/svg>/s.exec(page)![0];
    const lanes = laneLabels(svg);
    expect(lanes).toEqual(['network reads', 'role', 'content', 'finish', 'usage', '[DONE]', 'not JSON']);
    const marks = svg.match(/<rect class="(read|k-[a-z-]+)"/g)!;
    expect(marks.length).toBeLessThanOrEqual(lanes.length * 855);
    expect(svg).toContain('content events, #');
  });
});
