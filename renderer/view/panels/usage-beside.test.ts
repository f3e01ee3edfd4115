// Claude on Bedrock's InvokeModelWithResponseStream in the usage panel: Anthropic's usage heads it,
// as the message carries it, and Bedrock's own count (the last event's
// amazon-bedrock-invocationMetrics) is shown under its own heading, as sent; a stream without it
// shows no such heading.

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { oneEventPerRead } from '../../../shared/test/streams.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { UsagePanel } from './UsagePanel.tsx';

const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../shared/test/fixtures/${path}`, import.meta.url)));
const draw = (analysis: Analysis): string => renderToStaticMarkup(createElement(UsagePanel, { analysis, live: false, scrubbed: null }));

function invoke(body: Uint8Array): Analysis {
  const recording: Recording = {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-sonnet-20240229-v1%3A0/invoke-with-response-stream', headers: {}, body: null },
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
    reads: [{ t: null, bytes: body }],
    end: { t: null, outcome: 'eof' },
  };
  return analyzeRecording(recording);
}

describe('the usage panel of an invoke stream', () => {
  const markup = draw(invoke(fixture('bedrock/invoke-claude3sonnet-tool-use-metrics-disagree.bin')));

  it('heads the tokens with Anthropic’s usage, as the message carries it', () => {
    expect(markup).toContain('<dt>output</dt><dd>88</dd>');
  });

  it('shows Bedrock’s own count under its own heading, every field as sent', () => {
    expect(markup).toContain('<h3>Bedrock’s own count</h3>');
    const table = /<table[^>]*data-testid="usage-beside">(.*?)<\/table>/.exec(markup)![1]!;
    const rows = [...table.matchAll(/<th scope="row" class="panel-code">([^<]+)<\/th><td class="panel-num panel-code">([^<]+)<\/td>/g)].map((row) => [row[1], row[2]]);
    expect(rows).toEqual([
      ['inputTokenCount', '273'],
      ['outputTokenCount', '72'],
      ['invocationLatency', '1337'],
      ['firstByteLatency', '333'],
    ]);
  });

  it('shows no such heading for Anthropic’s own SSE stream', () => {
    const sse = analyzeRecording(oneEventPerRead(fixture('dialects/messages/anthropic-sonnet35-parallel-tool-use.sse'), (read) => 100 + 10 * read));
    expect(sse.protocol).toBe('anthropic-messages');
    expect(draw(sse)).not.toContain('usage-beside');
  });
});
