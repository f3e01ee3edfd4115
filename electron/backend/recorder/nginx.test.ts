// A real buffering proxy: Debian's nginx in front of the simulator. With
// nginx's default `proxy_buffering on`, or with `gzip on` for event streams,
// the events reach the recorder in clumps and the recording shows
// buffered-delivery; with `proxy_buffering off` it does not. (nginx's default
// HTTP/1.0 to the upstream matters: with `proxy_http_version 1.1` nginx 1.22
// passes each chunk of a chunked upstream body on as it comes.)

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx } from '../http/nginx.ts';
import type { Nginx } from '../http/nginx.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { installed } from '../system-tools.ts';
import { recordStream } from './record.ts';

const HAS_NGINX = installed(NGINX, 'nginx', 'recorder/nginx.test.ts');

/** A stream of 240 content events at 80 tokens a second: about 3 s, 60 KB, well past nginx's 4–8 KB buffers. */
const SHAPE = { ttft_ms: 200, tps: 80, chunks: 240 };

describe.skipIf(!HAS_NGINX)('behind a real nginx', () => {
  let simulator: Simulator;
  let nginx: Nginx | undefined;
  let ports: Record<'buffered' | 'unbuffered' | 'gzip', number>;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, timeScale: 1 });
    const upstream = `http://${new URL(simulator.url).host}`;
    nginx = await startNginx(
      [
        { upstream, directives: '# nginx defaults: proxy_buffering on' },
        { upstream, directives: 'proxy_buffering off;' },
        { upstream, directives: 'gzip on; gzip_min_length 0; gzip_types text/event-stream;' },
      ],
      64,
    );
    const [buffered, unbuffered, gzip] = nginx.ports as [number, number, number];
    ports = { buffered, unbuffered, gzip };
  }, 20_000);

  afterAll(async () => {
    await nginx?.stop();
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
    expect(result.recording.end?.outcome, nginx!.errors()).toBe('eof');
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
