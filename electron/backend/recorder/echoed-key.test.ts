// A server that sends the key back: in a harmless-named header, in a JSON dump of the request's
// headers, and in the body, cut by a write boundary. The key Streamscope sent must be nowhere
// in what it keeps or shows: the database file and its WAL, every export, the console.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, concatBytes } from '../../../shared/index.ts';
import { exporters } from '../../../shared/export/registry.ts';
import { main } from '../cli/main.ts';
import { captureOutput } from '../cli/output.ts';
import { writeChunk } from '../http/write-chunk.ts';
import { openStore } from '../store/index.ts';
import { recordStream } from './record.ts';

const KEY = 'sk-proj-' + [...randomBytes(40)].map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');
const MASKED = `sk-proj-${'*'.repeat(36)}${KEY.slice(-4)}`;
/** A piece of the key's random part: found anywhere, the key leaked. */
const PIECE = KEY.slice(14, 30);

const events = (key: string) => [
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n',
  `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"your key is ${key}"},"finish_reason":null}]}\n\n`,
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
  'data: [DONE]\n\n',
];

let server: Server;
let base: string;
const dir = mkdtempSync(join(tmpdir(), 'streamscope-echo-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const authorization = req.headers.authorization ?? '';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-debug': authorization, 'x-echo-request': JSON.stringify(req.headers) });
      res.flushHeaders();
      const body = events(authorization.replace(/^Bearer /, '')).join('');
      // Cut inside the key: the recorder sees its first part at the end of one read.
      const cut = body.indexOf('sk-proj-') + 11;
      const writes = [body.slice(0, cut), body.slice(cut, cut + 9), body.slice(cut + 9)];
      let i = 0;
      const next = (): void => {
        if (i === writes.length) res.end();
        else writeChunk(res, writes[i++]!, () => setTimeout(next, 5));
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The database file and its WAL, as text. */
const fileText = (path: string): string => [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file, 'latin1')).join('');

describe('a key the server sends back', () => {
  it('is masked at its own length in the headers and the body before anything is stored, and the recording says where', async () => {
    const db = join(dir, 'live.db');
    const store = openStore(db);
    const result = await recordStream({ url: `${base}/chat/completions`, headers: { authorization: `Bearer ${KEY}` }, body: { model: 'm', messages: [] }, store });
    const stored = store.get(result.id!)!;
    store.close();

    expect(new TextDecoder().decode(concatBytes(stored.reads.map((read) => read.bytes)))).toBe(events(MASKED).join(''));
    expect(stored.reads.length).toBe(3);
    expect(stored.response!.headers['x-debug']).toBe(`Bearer ${MASKED}`);
    expect(JSON.parse(stored.response!.headers['x-echo-request']!).authorization).toBe(`Bearer ${MASKED}`);
    expect(stored.secretsMasked).toEqual({ headers: ['x-debug', 'x-echo-request'], bodyPlaces: 1 });
    expect(result.recording.secretsMasked).toEqual(stored.secretsMasked);
    expect(fileText(db)).not.toContain(PIECE);
    // Not vacuous: the masked forms were written.
    expect(fileText(db)).toContain(MASKED);

    const secretEchoed = analyzeRecording(stored).diagnostics.filter((found) => found.code === 'secret-echoed');
    expect(secretEchoed.map(({ severity, message }) => [severity, message])).toEqual([
      ['warning', 'The server sent back a key this request carried (in response headers x-debug, x-echo-request and once in the body): Streamscope masked it before keeping anything.'],
    ]);
    for (const exporter of exporters()) {
      const content = exporter.export(stored, { name: 'echo', id: 1 });
      const exported = typeof content === 'string' ? content : Buffer.from(content).toString('latin1');
      expect(exported, exporter.format).not.toContain(PIECE);
    }
  });

  it('never reaches the console of `record`, the timed file it writes or its --json', async () => {
    process.env['STREAMSCOPE_TEST_ECHO_KEY'] = KEY;
    try {
      for (const extra of [[], ['--json']]) {
        const out = captureOutput();
        const file = join(dir, `cli${extra.length}.ssrec.jsonl`);
        const code = await main(['record', '--base-url', base, '--model', 'm', '--api-key-env', 'STREAMSCOPE_TEST_ECHO_KEY', '--db', join(dir, 'cli.db'), '--out', file, ...extra], out);
        expect([code, out.err]).toEqual([0, '']);
        expect(out.out).toContain(extra.length === 0 ? 'secret-echoed' : '"secret-echoed"');
        expect(out.out + readFileSync(file, 'latin1') + fileText(join(dir, 'cli.db'))).not.toContain(PIECE);
      }
    } finally {
      delete process.env['STREAMSCOPE_TEST_ECHO_KEY'];
    }
  });
});
