// A Bedrock recording's events in the HTML report: each opened row shows its frame as it is — the
// prelude's lengths and CRC, each typed header, the payload as text, the message CRC, each CRC with
// its check — for a real ConverseStream (shared/test/fixtures/bedrock) and a throttlingException
// frame inside the 200. Every number expected is read off the bytes here, not off the parser.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exceptionFrame } from '../../../../framing/aws-eventstream/frames.test-support.ts';
import { timed } from '../../../../test/streams.ts';
import { escapeHtml } from '../../escape.ts';
import { renderHtmlReport } from '../../index.ts';

const body = new Uint8Array(readFileSync(new URL('../../../../test/fixtures/bedrock/converse-claude35sonnet-text.bin', import.meta.url)));
const throttling = exceptionFrame('throttlingException', { message: 'Too many requests, please wait before trying again.' });

function report(reads: readonly Uint8Array[]): string {
  return renderHtmlReport(
    timed(
      reads.map((read, i) => [10 + i, read]),
      {
        request: { method: 'POST', url: '/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', headers: {}, body: {} },
        response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
      },
    ),
  );
}

/** The opened row of event `index`: what is between its summary and its byte range. */
function opened(html: string, index: number): string {
  const row = html.slice(html.indexOf(`<tr id="event-${index}">`));
  return row.slice(row.indexOf('</summary>') + '</summary>'.length, row.indexOf('<p class="where">'));
}

const uint32 = (bytes: Uint8Array, at: number): number => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
const hex = (bytes: Uint8Array, at: number): string => `0x${uint32(bytes, at).toString(16).padStart(8, '0')}`;
const header = (name: string, value: string): string => `<tr><td><code>${name}</code></td><td>string (7)</td><td><code>${value}</code></td></tr>`;

/** The markup a frame's parts make, from the frame's own bytes: its prelude, then `headers`, then its payload. */
function shownFrame(frame: Uint8Array, headers: readonly string[]): string {
  const total = uint32(frame, 0);
  const headersLength = uint32(frame, 4);
  const payload = new TextDecoder().decode(frame.subarray(12 + headersLength, total - 4));
  return (
    `<dl class="facts frame"><dt>total length</dt><dd>${total} bytes</dd><dt>headers length</dt><dd>${headersLength} bytes</dd>` +
    `<dt>prelude CRC</dt><dd><code>${hex(frame, 8)}</code> <span class="ok">(holds)</span></dd></dl>` +
    `<table class="headers frame-headers"><thead><tr><th>header</th><th>type</th><th>value</th></tr></thead><tbody>${headers.join('')}</tbody></table>` +
    `<h4>payload (${total - 16 - headersLength} bytes)</h4><pre class="raw">\n${escapeHtml(payload)}</pre>` +
    `<dl class="facts frame"><dt>message CRC</dt><dd><code>${hex(frame, total - 4)}</code> <span class="ok">(holds)</span></dd></dl>`
  );
}

describe("a Bedrock recording's frames in the HTML report", () => {
  it('shows the first frame of a real ConverseStream part by part, its payload as JSON text, no \\x escapes', () => {
    const first = body.subarray(0, uint32(body, 0));
    const shown = opened(report([body]), 0);
    expect(shown).toBe(shownFrame(first, [header(':event-type', 'messageStart'), header(':content-type', 'application/json'), header(':message-type', 'event')]));
    expect(shown).toContain(escapeHtml('"role":"assistant"'));
    expect(shown).not.toContain('\\x');
  });

  it('shows every frame of the body, wherever the reads split it', () => {
    const whole = report([body]);
    const split = report([body.subarray(0, 100), body.subarray(100, 1000), body.subarray(1000)]);
    let at = 0;
    for (let index = 0; at < body.length; index++) {
      const frame = body.subarray(at, at + uint32(body, at));
      expect(opened(split, index)).toBe(opened(whole, index));
      expect(opened(whole, index)).toContain(`<dt>message CRC</dt><dd><code>${hex(frame, frame.length - 4)}</code> <span class="ok">(holds)</span>`);
      at += frame.length;
    }
  });

  it('shows a throttlingException frame inside the 200 with its :exception-type and its message', () => {
    const html = report([body, throttling]);
    const last = html.match(/<tr id="event-(\d+)">/g)!.length - 1;
    expect(opened(html, last)).toBe(shownFrame(throttling, [header(':exception-type', 'throttlingException'), header(':content-type', 'application/json'), header(':message-type', 'exception')]));
  });

  it('says which CRC does not hold when a byte of the payload was changed on the way', () => {
    const corrupted = throttling.slice();
    corrupted[corrupted.length - 10] = corrupted[corrupted.length - 10]! ^ 0x01;
    const stated = `<code>${hex(throttling, throttling.length - 4)}</code> <span class="bad">(does not hold: the bytes give `;
    const shown = opened(report([corrupted]), 0);
    expect(shown).toContain(`<dt>prelude CRC</dt><dd><code>${hex(throttling, 8)}</code> <span class="ok">(holds)</span>`);
    expect(shown).toContain(`<dt>message CRC</dt><dd>${stated}`);
  });
});
