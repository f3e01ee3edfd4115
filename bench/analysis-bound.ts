// What the analysis keeps for MAX_ANALYSED_EVENTS events (docs/performance.md, "Hostile inputs"):
//   bin/with-node 24 node --expose-gc --import tsx bench/analysis-bound.ts empty|object|chunk [EVENTS]
// The heap in use after a full garbage collection, with the analysis alive, less that before it.

import { analyzeRecording, MAX_ANALYSED_EVENTS } from '../shared/index.ts';

const kind = process.argv[2] ?? 'empty';
const count = Number(process.argv[3] ?? MAX_ANALYSED_EVENTS);
const event = (i: number): string => {
  if (kind === 'empty') return 'data:\n\n';
  if (kind === 'object') return 'data: {}\n\n';
  return `data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"w${i % 10}"}}]}\n\n`;
};
// Encoded piece by piece: one string of them all would still be in the heap measured before.
const encoder = new TextEncoder();
const sample = encoder.encode(event(0)).length;
const bytes = new Uint8Array(count * (kind === 'chunk' ? sample + 1 : sample));
let length = 0;
for (let i = 0; i < count; i++) length += encoder.encodeInto(event(i), bytes.subarray(length)).written;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
gc();
gc();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const analysis = analyzeRecording({ source: 'sse', startedAt: null, request: null, response: null, reads: [{ t: null, bytes: bytes.subarray(0, length) }], end: { t: null, outcome: 'eof' } });
const ms = performance.now() - started;
gc();
const kept = process.memoryUsage().heapUsed - before;
console.log(`${kind}: ${count.toLocaleString('en-US')} events, ${analysis.events.length.toLocaleString('en-US')} kept, ${(kept / 1e6).toFixed(1)} MB kept (${Math.round(kept / analysis.events.length)} bytes an event), ${Math.round(ms)} ms`);
