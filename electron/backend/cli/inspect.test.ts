import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, parseSsrec, recordingFromSse, toContract } from '../../../shared/index.ts';
import { exporterFor } from '../../../shared/export/registry.ts';
import { REAL_STREAMS_DIR, realStream } from '../../../shared/test/streams.ts';
import { tempDbPath } from '../store/test-support.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const run = runCli;

const TIMED = [
  '{"recording":1,"request":{"method":"POST","url":"http://127.0.0.1:1/v1/chat/completions","headers":{},"body":{"stream":true,"stream_options":{"include_usage":true}}}}',
  '{"t":50,"response":{"status":200,"headers":{"content-type":"text/event-stream"}}}',
  '{"t":60.5,"text":"data: {\\"id\\":\\"c\\",\\"object\\":\\"chat.completion.chunk\\",\\"created\\":1,\\"model\\":\\"m\\",\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"role\\":\\"assistant\\",\\"content\\":\\"Hi\\"},\\"finish_reason\\":null}]}\\n\\n"}',
  '{"t":75,"text":"data: {\\"id\\":\\"c\\",\\"object\\":\\"chat.completion.chunk\\",\\"created\\":1,\\"model\\":\\"m\\",\\"choices\\":[{\\"index\\":0,\\"delta\\":{},\\"finish_reason\\":\\"stop\\"}]}\\n\\ndata: [DONE]\\n\\n"}',
  '{"t":80,"end":"eof"}',
].join('\n');

describe('streamscope inspect', () => {
  it('prints exactly the analysis contract with --json', async () => {
    const path = join(REAL_STREAMS_DIR, 'openai-gpt4o-parallel-tool-calls.sse');
    const { code, out } = await run('inspect', path, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(toContract(analyzeRecording(recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse')))));
    // How the body was framed, second after the protocol (docs/architecture.md, "Analysis contract").
    expect(Object.keys(JSON.parse(out) as object).slice(0, 3)).toEqual(['protocol', 'framing', 'id']);
    expect((JSON.parse(out) as { framing: string }).framing).toBe('sse');
  });

  it('prints the timeline, message, tool calls, usage and diagnostics for people', async () => {
    const { code, out } = await run('inspect', join(REAL_STREAMS_DIR, 'openai-gpt4o-parallel-tool-calls.sse'));
    expect(code).toBe(0);
    expect(out).toContain('untimed SSE body: 7,728 bytes in 1 read, 26 events (25 chunks)');
    expect(out).toContain('     2          —         —     0  tool         tool_calls[0].arguments += "{\\"ci"');
    expect(out).toContain('Message (choice 0, finish_reason "tool_calls")');
    expect(out).toContain('  tool_calls[1] get_stock_price  id call_DNYTawLBoN8fj3KN6qU9N1Ou  9 argument fragments');
    expect(out).toContain('prompt 149, completion 60, total 209 tokens');
    expect(out).toContain('Diagnostics: 0 errors, 0 warnings, 1 note');
  });

  it('reads a timed recording, with times, gaps and metrics', async () => {
    const path = file('t.ssrec.jsonl', TIMED);
    const { code, out } = await run('inspect', path);
    expect(code).toBe(0);
    expect(out).toContain('timed recording: 311 bytes in 2 reads, 3 events (2 chunks)');
    expect(out).toContain('     1       75.0      14.5     1  finish       finish_reason = "stop"');
    expect(out).toMatch(/first token \(any kind\) +60\.50 ms/);
    const json = JSON.parse((await run('inspect', path, '--json')).out);
    expect(json.metrics.ttft_ms).toBe(60.5);
    expect(json.diagnostics.map((d: { code: string }) => d.code)).toEqual(['usage-missing']);
    const parsed = parseSsrec(TIMED);
    expect(parsed.ok && json).toEqual(parsed.ok && toContract(analyzeRecording(parsed.value)));
  });

  it('fails the exit code on findings only when asked to with --fail-on', async () => {
    const path = join(REAL_STREAMS_DIR, 'together-llama33-eos-finish.sse');
    expect((await run('inspect', path)).code).toBe(0);
    expect((await run('inspect', path, '--fail-on', 'error')).code).toBe(0);
    expect((await run('inspect', path, '--fail-on', 'warning')).code).toBe(1);
  });

  it('explains in one line a missing file, a bad recording or bad arguments, with exit code 2', async () => {
    expect(await run('inspect', join(dir, 'missing.sse'))).toEqual({ code: 2, out: '', err: `streamscope inspect: cannot read ${join(dir, 'missing.sse')}: no such file\n` });
    const bad = file('bad.ssrec.jsonl', '{"t":1,"text":"a"}\n{"t":0,"text":"b"}\n');
    expect((await run('inspect', bad)).err).toBe(`streamscope inspect: ${bad}: line 2: "t" goes back in time (0 after 1)\n`);
    expect((await run('inspect', dir)).err).toBe(`streamscope inspect: cannot read ${dir}: is a directory\n`);
    expect((await run('inspect')).err).toBe('streamscope inspect: missing FILE (see --help)\n');
    expect((await run('inspect', 'a.sse', '--fail-on', 'info')).err).toBe('streamscope inspect: --fail-on takes "warning" or "error", not "info"\n');
    const unknown = await run('inspect', 'a.sse', '--frobnicate');
    expect([unknown.code, unknown.err.split('\n').length]).toEqual([2, 2]);
    expect((await run('frobnicate')).code).toBe(2);
  });

  it('begins a stored recording\'s report with what it is, never with its bare id', async () => {
    const db = tempDbPath();
    expect((await run('import', join(REAL_STREAMS_DIR, 'openai-gpt4o-parallel-tool-calls.sse'), '--db', db, '--name', 'weather')).code).toBe(0);
    const { code, out } = await run('inspect', '1', '--db', db, '--summary');
    expect(code).toBe(0);
    expect(out.split('\n').slice(0, 2)).toEqual(['Recording #1 "weather"', 'untimed SSE body: 7,728 bytes in 1 read, 26 events (25 chunks)']);
  });

  it("refuses Streamscope's own HTML report, a file with data: lines but no event, as import does: one line, exit code 2", async () => {
    const report = file('report.html', exporterFor('html')!.export(recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse')), { name: 'tool', id: 1 }) as string);
    expect(await run('inspect', report)).toEqual({
      code: 2,
      out: '',
      err: `streamscope inspect: ${report}: not a format Streamscope reads (no SSE event, as a blank line ends one; an HTML page, as a Streamscope report is, holds no stream: read the recording it was made from); name it .sse to read it as an SSE body anyway\n`,
    });
    expect((await run('export', report, '--format', 'sse')).code).toBe(2);
  });

  it('analyses a body that is not an event stream at all without crashing', async () => {
    const { code, out } = await run('inspect', file('page.sse', '<html><body>502 Bad Gateway</body></html>'), '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).diagnostics.map((d: { code: string }) => d.code)).toEqual(['partial-event', 'no-done']);
  });
});

describe('streamscope as a Unix pipeline stage', () => {
  it('stops quietly with exit code 0 when the reader closes the pipe early (inspect … | head)', async () => {
    const { spawn } = await import('node:child_process');
    const bin = join(import.meta.dirname, '../../../bin/streamscope');
    // Far more output than a pipe buffers, so the command is still writing when the pipe closes.
    const chunk = (delta: string) => `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${delta},"finish_reason":null}]}\n\n`;
    const body = chunk('{"role":"assistant","content":""}') + Array.from({ length: 5000 }, (_, i) => chunk(`{"content":"word ${i} "}`)).join('') + 'data: [DONE]\n\n';
    const child = spawn(process.execPath, [bin, 'inspect', file('long.sse', body)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
