// `--max-recording-bytes N` of `record` and `proxy`: the cap reaches the recorder, the stream goes
// on past it, and the stored recording holds exactly N bytes and says it was truncated.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSsrec } from '../../../shared/index.ts';
import { rawRequest, startUpstream } from '../proxy/test-support.ts';
import { openStore } from '../store/index.ts';
import { captureOutput } from './output.ts';
import { proxyCommand } from './proxy.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-recording-cap-'));
const CAP = 64 * 1024;
/** 200 KB of 1,000-byte events, then [DONE]. */
const BODY = Array.from({ length: 200 }, (_, index) => `data: {"choices":[{"index":0,"delta":{"content":"${String(index).padStart(944, '.')}"}}]}\n\n`).join('') + 'data: [DONE]\n\n';
let upstream: Awaited<ReturnType<typeof startUpstream>>;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let at = 0; at < BODY.length; at += 7777) res.write(BODY.slice(at, at + 7777));
    res.end();
  });
});
afterAll(() => upstream.close());

function storedOf(db: string) {
  const store = openStore(db, { mustExist: true });
  try {
    const stored = store.get(1)!;
    return { body: Buffer.concat(stored.reads.map((read) => read.bytes)).toString(), end: stored.end, codes: stored.summary.codes };
  } finally {
    store.close();
  }
}

describe('--max-recording-bytes', () => {
  it('caps what `record` stores and writes: the first 65,536 bytes, the end truncated, and one line on stderr saying so', async () => {
    expect(BODY.length).toBe(200_014);
    const db = join(dir, 'record.db');
    const file = join(dir, 'record.ssrec.jsonl');
    const { code, err } = await runCli('record', '--base-url', `${upstream.url}/v1`, '--model', 'm', '--message', 'hi', '--db', db, '--out', file, '--quiet', '--max-recording-bytes', String(CAP));
    expect([code, err]).toEqual([0, "streamscope record: the body outgrew the recording's cap (--max-recording-bytes): the recording keeps its first 65,536 bytes, not the 134,478 after them\n"]);
    const stored = storedOf(db);
    expect(stored.body).toBe(BODY.slice(0, CAP));
    expect(stored.end).toEqual({ t: stored.end!.t, outcome: 'eof', truncated: { atBytes: CAP, droppedBytes: BODY.length - CAP, cause: 'size-cap' } });
    expect(stored.codes).toContain('recording-truncated');
    expect(stored.codes).not.toContain('partial-event');
    const written = parseSsrec(readFileSync(file, 'utf8'));
    if (!written.ok) throw new Error(written.error);
    expect([Buffer.concat(written.value.reads.map((read) => read.bytes)).toString(), written.value.end]).toEqual([stored.body, stored.end]);
  });

  it('caps what `proxy` stores, while its client gets every byte', async () => {
    const db = join(dir, 'proxy.db');
    let received = '';
    const exit = await proxyCommand(['--upstream', upstream.url, '--db', db, '--max-recording-bytes', String(CAP)], captureOutput(), async (proxy) => {
      received = (await rawRequest(`${proxy.bases[0]!.baseUrl}/chat/completions`, { body: { model: 'm', stream: true } })).body.toString();
    });
    expect(exit).toBe(0);
    expect(received).toBe(BODY);
    const stored = storedOf(db);
    expect(stored.body).toBe(BODY.slice(0, CAP));
    expect(stored.end!.truncated).toEqual({ atBytes: CAP, droppedBytes: BODY.length - CAP, cause: 'size-cap' });
    expect(stored.codes).toContain('recording-truncated');
  });

  it.each(['record', 'proxy'])('is refused by `%s` unless a whole number of bytes, at least 1', async (command) => {
    const { code, err } = await runCli(command, '--profile', 'simulator', '--max-recording-bytes', '0');
    expect([code, err]).toEqual([2, `streamscope ${command}: --max-recording-bytes takes a whole number of bytes, at least 1, not "0"\n`]);
  });
});
