// One timing section of `npm run bench` in a process of its own: `node bin/run-ts.mjs
// bench/section.ts replay|capture|ui ONLY OUT` prints its table and writes its results as JSON to OUT
// (ONLY as `--only` takes it, "-" for every case). bench/index.ts runs the replay, the capture
// proxy's relay cost and the recording view so: in its own process, what the sections before them left on a heap of
// hundreds of megabytes was collected in the middle of a replay (a pause of tens of
// milliseconds) and the Playwright driver there ran beside it.

import { writeFileSync } from 'node:fs';
import { runCaptureBenchmarks } from './capture.ts';
import { runCheckBenchmarks } from './check.ts';
import { runReplayBenchmarks } from './replay.ts';
import { runUiBenchmarks } from './ui.ts';

const [section, only, out, runs] = process.argv.slice(2);
const selected = (name: string): boolean => only === '-' || name.includes(only!);
if (!out || (section !== 'replay' && section !== 'capture' && section !== 'ui' && section !== 'check')) throw new Error('usage: bench/section.ts replay|capture|ui|check ONLY OUT [RUNS]');
const results =
  section === 'replay'
    ? await runReplayBenchmarks(selected)
    : section === 'capture'
      ? await runCaptureBenchmarks(selected)
      : section === 'check'
        ? await runCheckBenchmarks(selected, Number(runs ?? 7))
        : await runUiBenchmarks(selected);
writeFileSync(out, JSON.stringify(results));
