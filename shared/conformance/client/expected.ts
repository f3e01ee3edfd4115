// What a correct client assembles from a valid case, by our own analysis of the case's bytes (the
// same fold as `streamscope inspect`), never written by hand: each dialect's folder says how its
// analysis reads as a client's output (its assembled.ts), and its cases pass it to `assembledBy`.

import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import type { Recording } from '../../recording/types.ts';
import type { AssembledOutput } from './types.ts';

/** Arguments as a client compares them: the parsed JSON, or the text itself when it is not JSON. */
export function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** How a dialect's analysis reads as what a correct client of it ends with. */
export type OutputOf = (analysis: Analysis) => AssembledOutput;

export function assembledBy(recording: Recording, outputOf: OutputOf): AssembledOutput {
  return outputOf(analyzeRecording(recording));
}
