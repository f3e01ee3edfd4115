// A malformed event's problem (types.ts, DialectProblem) in words, as every dialect's annotation
// and the event inspector say it.

import type { DialectProblem } from '../types.ts';

export function describeDialectProblem(problem: DialectProblem): string {
  switch (problem.code) {
    case 'wrong-type':
      return `${problem.path} is ${problem.got}, expected ${problem.expected}`;
    case 'invalid-json':
    case 'json-too-deep':
      return problem.message;
  }
}
