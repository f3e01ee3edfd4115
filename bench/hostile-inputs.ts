// The hostile inputs of issue 17 ("Bounded work on hostile files and streams"), written to a
// folder for the figures in docs/performance.md, "Hostile inputs":
//   bin/with-node 24 npx tsx bench/hostile-inputs.ts /tmp/hostile
// A gzip bomb goes through real curl (`--compressed --trace`), so curl must be installed.

import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';

const dir = process.argv[2] ?? '/tmp/hostile';
mkdirSync(dir, { recursive: true });
const SSE = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}\n\ndata: [DONE]\n\n';
const deep = '['.repeat(5000) + ']'.repeat(5000);

// A HAR whose request body nests 5,000 levels, and a .ssrec.jsonl whose header does.
const entry = {
  startedDateTime: '2026-11-30T08:00:00.000Z',
  time: 10,
  request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [], postData: { mimeType: 'application/json', text: deep } },
  response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text: SSE } },
};
writeFileSync(join(dir, 'deep.har'), JSON.stringify({ log: { version: '1.2', entries: [entry] } }));
writeFileSync(join(dir, 'deep.ssrec.jsonl'), `{"recording":1,"request":{"url":"https://api.openai.com/v1/chat/completions","body":${deep}}}\n{"t":1,"text":"data: {}\\n\\n"}\n`);

// One event per new choice index, 0…129,999 (8 MB); 80 MB of `data:\n\n`; 100 MB of `data: {}\n\n`.
const parts: string[] = [];
for (let index = 0; index < 130_000; index++) parts.push(`data: {"choices":[{"index":${index},"delta":{"content":"x"}}]}\n\n`);
writeFileSync(join(dir, 'choices.sse'), parts.join(''));
writeFileSync(join(dir, 'tiny.sse'), Buffer.alloc(80_000_000, 'data:\n\n'));
writeFileSync(join(dir, 'tinyobj.sse'), Buffer.alloc(100_000_000, 'data: {}\n\n'));

// Files that are not files.
if (!existsSync(join(dir, 'zero.sse'))) symlinkSync('/dev/zero', join(dir, 'zero.sse'));
if (!existsSync(join(dir, 'pipe.sse'))) execFileSync('mkfifo', [join(dir, 'pipe.sse')]);

// A gzip bomb: one event, then 1 GiB of zeros, 1.0 MB compressed (bomb.gz, for a live server), and
// a curl --trace of it served on loopback (bomb.trace, 4.7 MB).
const pieces: Buffer[] = [];
await new Promise<void>((resolve) => {
  const zip = createGzip({ level: 9 });
  zip.on('data', (piece: Buffer) => pieces.push(piece));
  zip.on('end', resolve);
  zip.write(SSE);
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 1024; i++) zip.write(block);
  zip.end();
});
const gz = Buffer.concat(pieces);
writeFileSync(join(dir, 'bomb.gz'), gz);
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
  for (let at = 0; at < gz.length; at += 16384) response.write(gz.subarray(at, at + 16384));
  response.end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
await new Promise<void>((resolve, reject) =>
  execFile('curl', ['-sN', '--compressed', '--trace', join(dir, 'bomb.trace'), '--trace-time', '-o', '/dev/null', '-H', 'content-type: application/json', '-d', '{"model":"m","stream":true}', url], (error) => (error ? reject(error) : resolve())),
);
server.close();
console.log(`written to ${dir}`);
