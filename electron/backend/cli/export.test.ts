// streamscope export: each of sse, ssrec, har and curl from a stored recording of the simulator;
// the curl command run with bash repeats the request; untrusted text stays quoted.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, parseSsrec, serializeSsrec } from '../../../shared/index.ts';
import { parseHar } from '../../../shared/formats/har.ts';
import { recordStream } from '../recorder/record.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { exportCommand } from './export.ts';
import type { ByteSink } from './export.ts';
import { captureOutput } from './output.ts';
import { runCli } from './test-support.ts';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
const db = tempDbPath();
const dir = mkdtempSync(join(tmpdir(), 'streamscope-export-'));
let simulator: Simulator;
let id: number;
let body: Buffer;

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0.01, seed: 21 });
  const store = openStore(db);
  const result = await recordStream({ url: `${simulator.url}/chat/completions`, headers: { authorization: `Bearer ${KEY}` }, body: { model: 'sim-tool-call', messages: [{ role: 'user', content: "It's \"quoted\" $(not run)" }] }, store, name: 'tool call' });
  id = result.id!;
  body = Buffer.from(concatBytes(store.get(id)!.reads.map((read) => read.bytes)));
  store.close();
});
afterAll(() => simulator?.close());

const run = (...args: string[]) => runCli('export', ...args);

function sink(isTerminal: boolean): ByteSink & { bytes: Buffer } {
  const captured = { bytes: Buffer.alloc(0), isTerminal, write: (bytes: Uint8Array) => void (captured.bytes = Buffer.concat([captured.bytes, bytes])) };
  return captured;
}

function bash(script: string, env: Record<string, string> = {}): Promise<{ stdout: Buffer; code: number }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { env: { PATH: process.env.PATH, ...env }, encoding: 'buffer', timeout: 30_000, cwd: dir }, (error, stdout) =>
      resolve({ stdout, code: error ? Number(error.code ?? 1) : 0 }),
    );
  });
}

describe('streamscope export', () => {
  it('writes the body byte for byte as sse', async () => {
    const bytes = sink(false);
    expect(await exportCommand([String(id), '--format', 'sse', '--db', db], captureOutput(), bytes)).toBe(0);
    expect(bytes.bytes.equals(body)).toBe(true);
  });

  it('writes the timed recording as ssrec, redacted, and har to a file with --out', async () => {
    const ssrec = await run(String(id), '--format', 'ssrec', '--db', db);
    expect(ssrec.code).toBe(0);
    const store = openStore(db);
    const stored = store.get(id)!;
    store.close();
    expect(ssrec.out).toBe(serializeSsrec(stored));
    const parsed = parseSsrec(ssrec.out);
    expect(parsed.ok && parsed.value.reads).toEqual(stored.reads);
    expect(ssrec.out).toContain('Bearer sk-proj-…0123');

    const file = join(dir, 'out.har');
    const written = await run(String(id), '--format', 'har', '--out', file, '--db', db);
    expect(written).toEqual({ code: 0, out: `Wrote ${readFileSync(file).length.toLocaleString('en-US')} bytes to ${file} (har export of #${id} "tool call")\n`, err: '' });
    const har = parseHar(readFileSync(file, 'utf8'));
    expect(har.ok && Buffer.from(concatBytes(har.value[0]!.recording.reads.map((read) => read.bytes))).equals(body)).toBe(true);
  });

  it('says what --out wrote, the path and the bytes, naming a file recording by its path', async () => {
    const source = join(dir, 'source.sse');
    writeFileSync(source, body);
    const target = join(dir, 'copy.sse');
    expect(await run(source, '--format', 'sse', '--out', target)).toEqual({ code: 0, out: `Wrote ${body.length.toLocaleString('en-US')} bytes to ${target} (sse export of ${source})\n`, err: '' });
    expect(readFileSync(target).equals(body)).toBe(true);
  });

  it('writes a curl command that, run with bash, gets the same stream again, the key read from the environment', async () => {
    const { code, out } = await run(String(id), '--format', 'curl', '--db', db);
    expect(code).toBe(0);
    expect(out).not.toContain('abcdefghijklmnop');
    expect(out).toContain('"authorization: Bearer $API_KEY"');
    expect(out).toMatch(/^# tool call: repeats the request as Streamscope recorded it\.\n# Set API_KEY first; no secret is written here\.\ncurl -N /);
    const again = await bash(out, { API_KEY: KEY });
    expect(again.code).toBe(0);
    expect(again.stdout.equals(body)).toBe(true);
  });

  it('quotes hostile header values, body text and names so that bash passes them on as they are and runs nothing', async () => {
    const hostile = `'; touch pwned-1; echo '$(touch pwned-2)\`touch pwned-3\`\n"; touch pwned-4; "`;
    const seen: { headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (piece: Buffer) => (text += piece.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: text });
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    const file = join(dir, 'hostile.ssrec.jsonl');
    const requestBody = { model: 'm', stream: true, messages: [{ role: 'user', content: hostile }] };
    writeFileSync(file, serializeSsrec({ source: 'ssrec', startedAt: null, request: { method: 'POST', url, headers: { 'x-note': hostile.replace(/\n/g, ' '), 'content-type': 'application/json', authorization: 'Bearer $(touch pwned-5)' }, body: requestBody }, response: null, reads: [], end: null }));
    const exported = await run(file, '--format', 'curl');
    expect(exported.code).toBe(0);
    const result = await bash(exported.out, { API_KEY: 'k' });
    server.close();
    expect(result.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual(requestBody);
    expect(seen[0]!.headers['x-note']).toBe(hostile.replace(/\n/g, ' '));
    expect(seen[0]!.headers.authorization).toBe('Bearer k');
    for (const n of [1, 2, 3, 4, 5]) expect(existsSync(join(dir, `pwned-${n}`))).toBe(false);
  });

  it('refuses a body that is not text on a terminal, and writes it when the output is redirected', async () => {
    const file = join(dir, 'binary.sse');
    writeFileSync(file, Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0x0a, 0x0a]));
    const out = captureOutput();
    const main2 = exportCommand([file, '--format', 'sse'], out, sink(true));
    await expect(main2).rejects.toThrow('the sse export is not text (the body is not UTF-8): use --out FILE or redirect the output');
    const redirected = sink(false);
    expect(await exportCommand([file, '--format', 'sse'], out, redirected)).toBe(0);
    expect([...redirected.bytes]).toEqual([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0x0a, 0x0a]);
  });

  it.each([
    [['--format', 'sse'], 'streamscope export: missing RECORDING (see --help)\n'],
    [['1'], 'streamscope export: missing --format (one of sse, ssrec, har'],
    [['1', '--format', 'pdf'], 'streamscope export: unknown format "pdf" (one of sse, ssrec, har'],
    [['999', '--format', 'sse', '--db', db], `streamscope export: no recording 999 in ${db} (and no file of that name)\n`],
  ])('exits 2 with one line for %j', async (args, error) => {
    const { code, err } = await run(...args);
    expect(code).toBe(2);
    expect(err.startsWith(error)).toBe(true);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('lists the registered formats in --help', async () => {
    const { code, out } = await run('--help');
    expect(code).toBe(0);
    expect(out).toMatch(/\n {2}sse {11}The response body, byte-exact/);
    expect(out).toMatch(/\n {2}curl {10}A curl command/);
  });
});
