// One timing section of `npm run bench` in a process of its own: `node bin/run-ts.mjs
// bench/section.ts replay|capture|ui ONLY OUT` prints its table and writes its results as JSON to OUT
// (ONLY as `--only` takes it, "-" for every case). bench/index.ts runs the replay, the capture
// proxy's relay cost and the recording view so: in its own process, what the sections before them left on a heap of
// hundreds of megabytes was collected in the middle of a replay (a pause of tens of
// milliseconds) and the Playwright driver there ran beside it.

import { writeFileSync } from 'node:fs';
import { runCaptureBenchmarks } from './capture.ts';
import { runReplayBenchmarks } from './replay.ts';
import { runUiBenchmarks } from './ui.ts';

const [section, only, out] = process.argv.slice(2);
const selected = (name: string): boolean => only === '-' || name.includes(only!);
if (!out || (section !== 'replay' && section !== 'capture' && section !== 'ui')) throw new Error('usage: bench/section.ts replay|capture|ui ONLY OUT');
const results = section === 'replay' ? await runReplayBenchmarks(selected) : section === 'capture' ? await runCaptureBenchmarks(selected) : await runUiBenchmarks(selected);
writeFileSync(out, JSON.stringify(results));
