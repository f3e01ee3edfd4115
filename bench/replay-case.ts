// One replay-fidelity case in a process of its own, its result as JSON on stdout:
// `node bin/run-ts.mjs bench/replay-case.ts "replay 80/s"` (bench/replay.ts runs it so).
import { printCase } from './replay.ts';

await printCase(process.argv[2] ?? '');
