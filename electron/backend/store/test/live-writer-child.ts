// The child of the kill -9 test: records an endless stream into the store,
// a read every 5 ms, each cut mid-event, printing what it wrote and what the
// store committed, until it is killed. With `exit`, it writes three reads and
// exits at once, before any flush.
//
//   node --import tsx live-writer-child.ts DB_PATH [exit]

import { createStreamAnalyzer } from '../../../../shared/index.ts';
import { openStore } from '../store.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: live-writer-child.ts DB_PATH');

const store = openStore(path);
const writer = store.beginRecording({
  name: 'killed',
  startedAt: new Date().toISOString(),
  request: { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', headers: {}, body: { model: 'gpt-test', stream: true } },
  onFlush: (info) => process.stdout.write(`flushed ${info.reads} ${info.events}\n`),
  onError: (error) => process.stdout.write(`error ${error.message}\n`),
});
const analyzer = createStreamAnalyzer({ onEvent: (event) => writer.event(event) });
const encoder = new TextEncoder();
const start = performance.now();
process.stdout.write(`id ${writer.id}\n`);

let seq = 0;
let carry = '';
if (process.argv[3] === 'exit') {
  for (let i = 0; i < 3; i++) writer.read(i, encoder.encode(`: read ${i}\n\n`));
  process.exit(0);
}
setInterval(() => {
  const chunk = `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-test","choices":[{"index":0,"delta":{"content":"w${seq} "},"finish_reason":null}]}\n\n`;
  // Each read ends a third of the way into an event: events complete in the read after.
  const cut = Math.floor(chunk.length / 3);
  const bytes = encoder.encode(carry + chunk.slice(0, cut));
  carry = chunk.slice(cut);
  const t = performance.now() - start;
  writer.read(t, bytes);
  analyzer.feed(bytes, t);
  process.stdout.write(`wrote ${seq}\n`);
  seq++;
}, 5);
