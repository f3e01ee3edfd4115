// Hostile and careless input on the command line (issue 17, "Bounded work on hostile files and
// streams"): each gets one line and exit code 2, or is handled, never a stack trace.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDbPath } from '../store/test-support.ts';
import { MAX_INPUT_BYTES } from '../import/read-input.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-hostile-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const run = runCli;

const SSE = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
/** Inspecting 3.4 million tiny events peaked at 469 MiB, and at 2,208 MiB (in 32 s) before the analysis kept a bounded number of them. */
const PEAK_MIB = 800;
/** 5,000 arrays inside each other: 10 KB. */
const DEEP = '['.repeat(5000) + ']'.repeat(5000);

function deepHar(): string {
  const entry = {
    startedDateTime: '2026-11-30T08:00:00.000Z',
    time: 10,
    request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [], postData: { mimeType: 'application/json', text: DEEP } },
    response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text: SSE } },
  };
  return JSON.stringify({ log: { version: '1.2', entries: [entry] } });
}

describe('files that are not files', () => {
  const zero = join(dir, 'zero.sse');
  symlinkSync('/dev/zero', zero);
  const fifo = join(dir, 'pipe.sse');
  execFileSync('mkfifo', [fifo]);

  it('refuses a symlink to /dev/zero at once, in one line, with exit code 2', async () => {
    expect(await run('import', zero, '--db', tempDbPath())).toEqual({ code: 2, out: '', err: `streamscope import: ${zero}: cannot read it (not a regular file but a character device)\n` });
    expect(await run('inspect', zero)).toEqual({ code: 2, out: '', err: `streamscope inspect: cannot read ${zero}: not a regular file but a character device\n` });
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    expect(await run('import', fifo, '--db', tempDbPath())).toEqual({ code: 2, out: '', err: `streamscope import: ${fifo}: cannot read it (not a regular file but a FIFO)\n` });
    expect(await run('export', fifo, '--format', 'sse')).toEqual({ code: 2, out: '', err: `streamscope export: cannot read ${fifo}: not a regular file but a FIFO\n` });
  });

  it('refuses a file larger than it reads whole, before reading it', async () => {
    const big = join(dir, 'big.sse');
    writeFileSync(big, '');
    truncateSync(big, MAX_INPUT_BYTES + 1);
    expect(await run('inspect', big)).toEqual({ code: 2, out: '', err: `streamscope inspect: cannot read ${big}: 268,435,457 bytes, more than the 256 MiB Streamscope reads\n` });
  });
});

describe('a request body nested 5,000 levels deep', () => {
  it('imports, inspects and exports a HAR holding it, the body kept as its text', async () => {
    const har = file('deep.har', deepHar());
    const db = tempDbPath();
    const imported = await run('import', har, '--db', db, '--json');
    expect(imported).toMatchObject({ code: 0, err: '' });
    expect((await run('inspect', har, '--summary')).code).toBe(0);
    const exported = await run('export', '1', '--db', db, '--format', 'ssrec');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.out.split('\n')[0]!).request.body).toBe(DEEP);
  });

  it('refuses a .ssrec.jsonl holding it, naming the line, with exit code 2', async () => {
    const ssrec = file('deep.ssrec.jsonl', `{"recording":1,"request":{"url":"https://api.openai.com/v1/chat/completions","body":${DEEP}}}\n{"t":1,"text":"data: {}\\n\\n"}\n`);
    const message = "line 1: nests arrays or objects more than 256 levels deep (Streamscope's limit)";
    expect(await run('import', ssrec, '--db', tempDbPath())).toEqual({ code: 2, out: '', err: `streamscope import: ${ssrec}: ${message}\n` });
    expect(await run('export', ssrec, '--format', 'har')).toEqual({ code: 2, out: '', err: `streamscope export: ${ssrec}: ${message}\n` });
  });
});

describe('a stream with one event per new choice index, 0…129,999', () => {
  it('imports and inspects', async () => {
    const parts: string[] = [];
    for (let index = 0; index < 130_000; index++) parts.push(`data: {"object":"chat.completion.chunk","choices":[{"index":${index},"delta":{"content":"x"}}]}\n\n`);
    const sse = file('choices.sse', parts.join(''));
    expect(await run('import', sse, '--db', tempDbPath())).toMatchObject({ code: 0, err: '' });
    const inspected = await run('inspect', sse, '--json');
    expect(inspected.code).toBe(0);
    expect(JSON.parse(inspected.out).counts).toEqual({ events: 130_000, chunks: 130_000, reads: 1, bytes: parts.join('').length });
  });
});

describe('a body of millions of tiny events', () => {
  it('is inspected within a bounded memory, whatever the count of events', () => {
    // 24 MB of `data:\n\n`: 3.4 million events, seven times what the analysis keeps.
    const tiny = file('tiny.sse', 'data:\n\n'.repeat(3_428_571));
    const module = (name: string) => JSON.stringify(fileURLToPath(new URL(name, import.meta.url)));
    const script = `import { main } from ${module('./main.ts')}; import { captureOutput } from ${module('./output.ts')};
      const out = captureOutput(); const code = await main(['inspect', ${JSON.stringify(tiny)}, '--json'], out);
      process.stdout.write(JSON.stringify({ code, err: out.err, counts: JSON.parse(out.out).counts, peakMiB: process.resourceUsage().maxRSS / 1024 }));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    const result = JSON.parse(child.stdout) as { code: number; err: string; counts: unknown; peakMiB: number };
    expect(result).toMatchObject({ code: 0, err: '', counts: { events: 3_428_571, chunks: 0, reads: 1, bytes: 23_999_997 } });
    expect(result.peakMiB).toBeLessThan(PEAK_MIB);
  }, 90_000);
});
