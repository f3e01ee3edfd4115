// What `streamscope record` says of the exchange it made: the URL it sent to, and what kind of
// recording it made (issue 17: a live record was called an "untimed SSE body", and a base URL
// with a query got /chat/completions after the query).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { untimed } from '../../../shared/test/streams.ts';
import { endpointUrl } from '../recorder/profiles.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { runCli } from './test-support.ts';
import { renderAnalysis } from './render.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-output-'));
const FAST = '{"sim":{"time_scale":0}}';
let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ timeScale: 0 })));
afterAll(async () => simulator?.close());

const run = runCli;

describe('streamscope record', () => {
  it('calls what it recorded a timed live recording', async () => {
    const { code, out } = await run('record', '--profile', 'simulator', '--model', 'sim-text', '--body', FAST, '--db', join(dir, 'a.db'));
    expect(code).toBe(0);
    expect(out).toMatch(/\ntimed live recording: [\d,]+ bytes in [\d,]+ reads?, \d+ events \(\d+ chunks\)\n/);
    expect(out).not.toContain('SSE body');
  });

  it('sends to /chat/completions under a base URL that carries a query, the query kept after the path', async () => {
    const base = `${simulator.url}?api-version=2024-10-21`;
    const { code, out } = await run('record', '--base-url', base, '--model', 'sim-text', '--body', FAST, '--no-store', '--query', 'x=1');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe(`POST ${simulator.url}/chat/completions?api-version=2024-10-21&x=1  model sim-text`);
  });
});

describe("each API's endpoint under a base URL", () => {
  it('goes after the path, whatever follows it, and is null for what is not a URL', () => {
    expect(endpointUrl('https://r.openai.azure.com/openai/deployments/d?api-version=1', 'chat-completions', 'm')?.href).toBe('https://r.openai.azure.com/openai/deployments/d/chat/completions?api-version=1');
    expect(endpointUrl('http://127.0.0.1:8000/v1//', 'chat-completions', 'm')?.href).toBe('http://127.0.0.1:8000/v1/chat/completions');
    expect(endpointUrl('http://127.0.0.1:8000/v1/#top', 'chat-completions', 'm')?.href).toBe('http://127.0.0.1:8000/v1/chat/completions');
    expect(endpointUrl('not a url', 'chat-completions', 'm')).toBeNull();
  });

  it('is /responses for the Responses API and /messages for Anthropic Messages', () => {
    expect(endpointUrl('https://api.openai.com/v1/', 'responses', 'm')?.href).toBe('https://api.openai.com/v1/responses');
    expect(endpointUrl('https://api.anthropic.com/v1', 'anthropic-messages', 'm')?.href).toBe('https://api.anthropic.com/v1/messages');
    expect(endpointUrl('http://127.0.0.1:4000/gw/v1?team=a#x', 'anthropic-messages', 'm')?.href).toBe('http://127.0.0.1:4000/gw/v1/messages?team=a');
  });

  it("is /models/MODEL:streamGenerateContent?alt=sse for Gemini, the model in the path, a query on the base kept", () => {
    expect(endpointUrl('https://generativelanguage.googleapis.com/v1beta', 'gemini', 'gemini-2.5-flash')?.href).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(endpointUrl('http://127.0.0.1:4000/gw/v1beta/?team=a', 'gemini', 'a/b')?.href).toBe('http://127.0.0.1:4000/gw/v1beta/models/a%2Fb:streamGenerateContent?team=a&alt=sse');
  });
});

describe('the inspect report', () => {
  it('names the source and says timed or untimed from the reads, not from the source', () => {
    const body = 'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}\n\ndata: [DONE]\n\n';
    const head = (recording: Parameters<typeof analyzeRecording>[0]) => renderAnalysis(analyzeRecording(recording), { file: 'x', color: false, timeline: false }).split('\n')[1];
    expect(head(untimed(body))).toBe('untimed SSE body: 102 bytes in 1 read, 2 events (1 chunk)');
    expect(head({ ...untimed(body), source: 'har' })).toBe('untimed HAR entry: 102 bytes in 1 read, 2 events (1 chunk)');
    expect(head({ ...untimed(body), source: 'curl', reads: [{ t: 12, bytes: untimed(body).reads[0]!.bytes }] })).toBe('timed curl trace: 102 bytes in 1 read, 2 events (1 chunk)');
  });
});
