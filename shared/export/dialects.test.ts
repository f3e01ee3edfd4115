// Every export format takes a recording of the other two dialects without throwing (each format's
// own handling of them — fixtures that replay to responses.stream() and @anthropic-ai/sdk — is a
// later step; the HTML report already shows the dialect: html/dialects.test.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { exporters } from './registry.ts';

/** A corpus stream with the request that asked for it (curl has nothing to repeat without one). */
function recording(file: string, url: string): Recording {
  const body = recordingFromSse(new Uint8Array(readFileSync(new URL(`../test/fixtures/dialects/${file}`, import.meta.url))));
  return { ...body, request: { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: { model: 'm', stream: true } } };
}

describe.each([
  ['responses/deepseek-reasoning-text-function-call.sse', 'https://api.openai.com/v1/responses'],
  ['messages/anthropic-sonnet4-thinking-signature.sse', 'https://api.anthropic.com/v1/messages'],
])('exporting %s', (file, url) => {
  it.each(exporters().map((exporter) => [exporter.format, exporter] as const))('as %s does not throw', (_format, exporter) => {
    expect(() => exporter.export(recording(file, url))).not.toThrow();
  });
});
