// A real buffering proxy: Debian's nginx in front of the simulator. With
// nginx's default `proxy_buffering on`, or with `gzip on` for event streams,
// the events reach the recorder in clumps and the recording shows
// buffered-delivery; with `proxy_buffering off` it does not. (nginx's default
// HTTP/1.0 to the upstream matters: with `proxy_http_version 1.1` nginx 1.22
// passes each chunk of a chunked upstream body on as it comes.)

import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { recordStream } from './record.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!NGINX) console.warn('nginx.test.ts: skipped, nginx is not installed (apt-get install nginx; .ci/run does)');

/** A stream of 240 content events at 80 tokens a second: about 3 s, 60 KB, well past nginx's 4–8 KB buffers. */
const SHAPE = { ttft_ms: 200, tps: 80, chunks: 240 };

describe.skipIf(!NGINX)('behind a real nginx', () => {
  let simulator: Simulator;
  let nginx: ChildProcess;
  let ports: Record<'buffered' | 'unbuffered' | 'gzip', number>;
  let dir: string;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, timeScale: 1 });
    const upstream = new URL(simulator.url).host;
    ports = { buffered: await freePort(), unbuffered: await freePort(), gzip: await freePort() };
    dir = mkdtempSync(join(tmpdir(), 'streamscope-nginx-'));
    const temp = join(dir, 'temp');
    mkdirSync(temp);
    chmodSync(dir, 0o755);
    chmodSync(temp, 0o777);
    const server = (port: number, extra: string) => `
      server {
        listen 127.0.0.1:${port};
        location / {
          proxy_pass http://${upstream};
          proxy_max_temp_file_size 0;
          ${extra}
        }
      }`;
    writeFileSync(
      join(dir, 'nginx.conf'),
      `
      ${process.getuid?.() === 0 ? 'user root;' : ''}
      worker_processes 1;
      daemon off;
      pid ${join(dir, 'nginx.pid')};
      error_log ${join(dir, 'error.log')} warn;
      events { worker_connections 64; }
      http {
        access_log off;
        client_body_temp_path ${temp}/body;
        proxy_temp_path ${temp}/proxy;
        fastcgi_temp_path ${temp}/fastcgi;
        uwsgi_temp_path ${temp}/uwsgi;
        scgi_temp_path ${temp}/scgi;
        ${server(ports.buffered, '# nginx defaults: proxy_buffering on')}
        ${server(ports.unbuffered, 'proxy_buffering off;')}
        ${server(ports.gzip, 'gzip on; gzip_min_length 0; gzip_types text/event-stream;')}
      }`,
    );
    const check = spawnSync(NGINX!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
    nginx = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    await waitForPort(ports.buffered);
  }, 20_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await simulator?.close();
  });

  const recordThrough = (port: number) =>
    recordStream({
      url: `http://127.0.0.1:${port}/v1/chat/completions`,
      headers: { 'accept-encoding': 'gzip' },
      body: { model: 'sim-text', messages: [{ role: 'user', content: 'hi' }], sim: SHAPE, stream_options: { include_usage: true, include_obfuscation: false } },
    });
  const codes = (result: Awaited<ReturnType<typeof recordThrough>>) => result.analysis.diagnostics.map((found) => found.code);

  it('shows buffered-delivery with nginx’s default proxy_buffering on', async () => {
    const result = await recordThrough(ports.buffered);
    expect(result.recording.end?.outcome, readFileSync(join(dir, 'error.log'), 'utf8')).toBe('eof');
    // nginx passes the body on in 4 KiB buffers: far fewer reads than events.
    expect(result.recording.reads.length).toBeLessThan(SHAPE.chunks / 5);
    expect(result.analysis.choices[0]!.finish_reason).toBe('stop');
    expect(codes(result)).toContain('buffered-delivery');
  }, 20_000);

  it('shows no buffered-delivery with proxy_buffering off: events pass one by one', async () => {
    const result = await recordThrough(ports.unbuffered);
    expect(result.recording.end?.outcome).toBe('eof');
    expect(codes(result)).not.toContain('buffered-delivery');
    // Most content events came in a read of their own (a loaded machine reads a few together;
    // nginx's buffers gave fewer than a fifth as many reads as events above).
    expect(result.recording.reads.length).toBeGreaterThan(SHAPE.chunks / 2);
  }, 20_000);

  it('shows buffered-delivery and compressed-stream with gzip on for text/event-stream', async () => {
    const result = await recordThrough(ports.gzip);
    expect(result.recording.response?.headers['content-encoding']).toBe('gzip');
    expect(result.analysis.choices[0]!.finish_reason).toBe('stop');
    expect(codes(result)).toEqual(expect.arrayContaining(['buffered-delivery', 'compressed-stream']));
  }, 20_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}
