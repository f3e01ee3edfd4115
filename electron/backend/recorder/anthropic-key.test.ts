// An Anthropic key goes in `x-api-key`, not `Authorization`. After a record run with one — from
// the command line and through the API's `anthropic` profile — against a Messages server that sends
// the key back in a harmless-named header and in a text delta cut across reads, the key's bytes
// are nowhere: not in the database file or its WAL, the timed file, the console, the API's
// answers and pushes, or any export; the request is stored with `x-api-key: sk-ant-…wxyz`.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJson } from '../../../shared/api/codec.ts';
import type { LiveFinished } from '../../../shared/api/contract.ts';
import { exporters } from '../../../shared/export/registry.ts';
import { analyzeRecording } from '../../../shared/index.ts';
import { createBackend, memoryKeyVault } from '../api/index.ts';
import { eventually } from '../api/test-support.ts';
import { writeChunk } from '../http/write-chunk.ts';
import { runCli } from '../cli/test-support.ts';
import { openStore } from '../store/index.ts';

const KEY = 'sk-ant-api03-' + [...randomBytes(60)].map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');
/** How a key sent back is kept: masked at its own length, its public prefix (`sk-ant-`) and last four shown. */
const MASKED = `sk-ant-${'*'.repeat(KEY.length - 11)}${KEY.slice(-4)}`;
const REDACTED = `sk-ant-…${KEY.slice(-4)}`;
/** A piece of the key's random part: found anywhere, the key leaked. */
const PIECE = KEY.slice(20, 36);

/** An Anthropic Messages stream whose text holds `key`. */
const stream = (key: string) =>
  [
    'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":1}}}\n\n',
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
    `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"your key is ${key}"}}\n\n`,
    'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
    'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}\n\n',
    'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  ].join('');

let server: Server;
let base: string;
const received: IncomingHttpHeaders[] = [];
const dir = mkdtempSync(join(tmpdir(), 'streamscope-anthropic-key-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['x-api-key'] ?? '');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-debug': key });
      res.flushHeaders();
      const body = stream(key);
      // Cut inside the key: the recorder sees its first part at the end of one read.
      const cut = body.indexOf('sk-ant-') + 15;
      writeChunk(res, body.slice(0, cut), () => setTimeout(() => writeChunk(res, body.slice(cut, cut + 9), () => setTimeout(() => res.end(body.slice(cut + 9)), 5)), 5));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The database file and its companions, as bytes read raw. */
const databaseText = (db: string): string => [db, `${db}-wal`, `${db}-shm`].filter(existsSync).map((file) => readFileSync(file, 'latin1')).join('');

/** Every export of the recording, as text. */
function exportsOf(db: string, id: number): string {
  const store = openStore(db, { mustExist: true });
  try {
    const stored = store.get(id)!;
    return exporters()
      .map((exporter) => {
        const content = exporter.export(stored, { name: 'anthropic', id });
        return typeof content === 'string' ? content : Buffer.from(content).toString('latin1');
      })
      .join('\n');
  } finally {
    store.close();
  }
}

describe('an Anthropic key', () => {
  it('goes as x-api-key from `record --api messages`, and is nowhere in the database, the timed file, the console or an export', async () => {
    process.env['STREAMSCOPE_TEST_ANTHROPIC_KEY'] = KEY;
    try {
      const db = join(dir, 'cli.db');
      for (const extra of [[], ['--json']]) {
        const file = join(dir, `cli${extra.length}.ssrec.jsonl`);
        const { code, out, err } = await runCli('record', '--base-url', base, '--api', 'messages', '--model', 'm', '--api-key-env', 'STREAMSCOPE_TEST_ANTHROPIC_KEY', '--db', db, '--out', file, ...extra);
        expect([code, err]).toEqual([0, '']);
        expect(received.at(-1)!['x-api-key']).toBe(KEY);
        expect(received.at(-1)!.authorization).toBeUndefined();
        expect(out).toContain(extra.length === 0 ? 'secret-echoed' : '"secret-echoed"');
        expect(out + readFileSync(file, 'latin1')).not.toContain(PIECE);
        // Not vacuous: the timed file holds the redacted header and the masked body.
        expect(readFileSync(file, 'utf8')).toContain(REDACTED);
        expect(readFileSync(file, 'utf8')).toContain(MASKED);
      }
      expect(databaseText(db)).not.toContain(PIECE);
      expect(databaseText(db)).toContain(MASKED);
      const store = openStore(db, { mustExist: true });
      const stored = store.get(1)!;
      store.close();
      expect(stored.request!.headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream', 'anthropic-version': '2023-06-01', 'x-api-key': REDACTED });
      expect(stored.response!.headers['x-debug']).toBe(MASKED);
      expect(stored.secretsMasked).toEqual({ headers: ['x-debug'], bodyPlaces: 1 });
      expect(analyzeRecording(stored).protocol).toBe('anthropic-messages');
      expect(exportsOf(db, 1)).not.toContain(PIECE);
    } finally {
      delete process.env['STREAMSCOPE_TEST_ANTHROPIC_KEY'];
    }
  });

  it("goes as x-api-key through the API's anthropic profile, and no answer, push, database byte or export holds it", async () => {
    const db = join(dir, 'api.db');
    const backend = createBackend({ dbPath: db, keys: memoryKeyVault(), env: {} });
    const seen: unknown[] = [];
    backend.subscribe((_push, payload) => seen.push(payload));
    try {
      seen.push(await backend.api.setKey({ profile: 'anthropic', key: KEY }));
      const started = await backend.api.startRecording({ profile: 'anthropic', baseUrl: base, sendKeyTo: new URL(base).origin, model: 'm', messages: [{ role: 'user', content: 'Hi' }] });
      seen.push(started);
      await eventually(() => seen.find((payload): payload is LiveFinished => (payload as LiveFinished).id === started.id && 'end' in (payload as object)), 'the recording to finish');
      expect(received.at(-1)!['x-api-key']).toBe(KEY);
      expect(received.at(-1)!['anthropic-version']).toBe('2023-06-01');
      const recording = (await backend.api.getRecording({ id: started.id }))!.recording;
      seen.push(recording, await backend.api.listProfiles({}));
      expect(recording.request!.url).toBe(`${base}/messages`);
      expect(recording.request!.headers['x-api-key']).toBe(REDACTED);
      for (const { format } of await backend.api.listExportFormats({})) seen.push(await backend.api.exportRecording({ id: started.id, format }));
      const text = seen.map((value) => encodeJson(value)).join('\n');
      expect(text).toContain(MASKED);
      expect(text).not.toContain(PIECE);
    } finally {
      await backend.close();
    }
    expect(databaseText(db)).not.toContain(PIECE);
  });
});
