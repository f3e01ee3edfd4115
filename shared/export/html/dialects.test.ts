// The HTML report of a Responses and of an Anthropic Messages recording: the protocol among the
// exchange's facts, the final object the SDK ends with, the usage as the provider sent it, and
// each event worded in its dialect.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../../formats/sse.ts';
import { escapeHtml } from './escape.ts';
import { renderHtmlReport } from './index.ts';

const report = (file: string): string => renderHtmlReport(recordingFromSse(new Uint8Array(readFileSync(new URL(`../../test/fixtures/dialects/${file}`, import.meta.url)))));

describe('the HTML report of the other dialects', () => {
  it('shows a Responses stream: protocol, final response, usage, annotations', () => {
    const html = report('responses/deepseek-reasoning-text-function-call.sse');
    expect(html).toContain('<dt>protocol</dt><dd>responses</dd>');
    expect(html).toContain('<h2>Response</h2>');
    expect(html).toContain(escapeHtml('"name": "get_temperature"'));
    expect(html).toContain('<th scope="row">output_tokens</th>');
    expect(html).toContain(escapeHtml('output[1].arguments += "{"'));
  });

  it('shows an Anthropic Messages stream: protocol and final message', () => {
    const html = report('messages/anthropic-sonnet35-parallel-tool-use.sse');
    expect(html).toContain('<dt>protocol</dt><dd>anthropic-messages</dd>');
    expect(html).toContain(escapeHtml('"stop_reason": "tool_use"'));
  });
});
