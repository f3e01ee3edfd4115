// `streamscope inspect` on streams of the other two dialects: the real-stream corpus
// (shared/test/fixtures/dialects) read as a user reads it — a bare .sse file, no request, so the
// first events tell the dialect — and the report for people, the forced --protocol, and a stream
// whose dialect cannot be told.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, PINNED, corpus } from '../../../shared/test/dialect-corpus.ts';
import type { AnalysisContract } from '../../../shared/index.ts';
import { runCli as run } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-dialects-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

// index.json names the dialects as the contract does.
const PROTOCOLS: Record<string, AnalysisContract['protocol']> = { responses: 'responses', 'anthropic-messages': 'anthropic-messages' };
const wellFormed = corpus().filter((entry) => entry.wellFormed);

describe.skipIf(wellFormed.length === 0)('inspect --json of the real Responses and Anthropic Messages streams', () => {
  it.each(wellFormed.map((entry) => [entry.file, entry] as const))('%s: its dialect, and no warning or error beyond the pinned ones', async (name, entry) => {
    const { code, out } = await run('inspect', CORPUS_DIR + name, '--json');
    expect(code).toBe(0);
    const contract = JSON.parse(out) as AnalysisContract;
    expect(contract.protocol).toBe(PROTOCOLS[entry.dialect]);
    expect(contract.protocol === 'responses' ? contract.response : contract.protocol === 'anthropic-messages' ? contract.message : null).toBeTruthy();
    const serious = [...new Set(contract.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').map((diagnostic) => diagnostic.code))];
    expect(serious).toEqual(PINNED[name]?.ours ?? []);
  });
});

describe('inspect of the other dialects', () => {
  const RESPONSES = 'responses/deepseek-reasoning-text-function-call.sse';
  const MESSAGES = 'messages/anthropic-sonnet35-parallel-tool-use.sse';

  it('prints the protocol and the final response in readable form', async () => {
    const { code, out } = await run('inspect', CORPUS_DIR + RESPONSES);
    expect(code).toBe(0);
    expect(out).toContain('protocol: responses (Responses API)');
    expect(out).toContain('    33          —         —     0  terminal     response.completed:');
    expect(out).toContain('Response (status "completed")');
    expect(out).toContain('  output[1] function_call get_temperature  call_id call_00_xjY8Z2BvSlzgEmmw0DtH0464');
    expect(out).toContain('        "city": "Tokyo"');
    expect(out).not.toContain('Message (choice');
  });

  it('prints the final message of an Anthropic stream, its tool input parsed', async () => {
    const { code, out } = await run('inspect', CORPUS_DIR + MESSAGES, '--summary');
    expect(code).toBe(0);
    expect(out).toContain('protocol: anthropic-messages (Anthropic Messages)');
    expect(out).toMatch(/Message \(stop_reason "tool_use"\)/);
    expect(out).toMatch(/content\[\d\] tool_use get_weather {2}id toolu_/);
  });

  it('says which event the ping was in words that read: "1 ping event (event 2)", not "1 ping event: 2."', async () => {
    const { out } = await run('inspect', CORPUS_DIR + MESSAGES, '--summary');
    expect(out).toContain('  info    ping: 1 ping event (event 2).  [events 2]\n');
  });

  it('reads a stream as the dialect --protocol names', async () => {
    const forced = JSON.parse((await run('inspect', CORPUS_DIR + RESPONSES, '--json', '--protocol', 'messages')).out) as AnalysisContract;
    expect(forced.protocol).toBe('anthropic-messages');
    const { code, err } = await run('inspect', CORPUS_DIR + RESPONSES, '--protocol', 'bedrock');
    expect(code).toBe(2);
    expect(err).toContain('--protocol takes "chat", "responses", "messages", "gemini" or "bedrock-converse"');
  });

  it('says it could not tell the dialect, and shows the events raw with the transport findings only', async () => {
    const path = file('unknown.sse', 'data: {"hello":"world"}\n\ndata: not json\n\n: keep-alive\n\n');
    const contract = JSON.parse((await run('inspect', path, '--json')).out) as AnalysisContract;
    expect(contract.protocol).toBeNull();
    expect(contract.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['invalid-json', 'comment']);
    const { out } = await run('inspect', path);
    expect(out).toContain('protocol: could not tell the dialect');
    expect(out).toContain('data: "{\\"hello\\":\\"world\\"}"');
  });
});
