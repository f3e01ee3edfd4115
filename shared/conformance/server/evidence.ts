// What several dialects' rules read of a recording the same way: the messages of its diagnostics
// of some codes, its body as text, and whether it was refused as a JSON error of a given shape.

import type { Analysis } from '../../analysis/analyze.ts';
import type { CheckRule } from './types.ts';

/** The messages of the recording's diagnostics of these codes. */
export function diagnosed(analysis: Analysis, codes: readonly string[]): string[] {
  return analysis.diagnostics.filter((diagnostic) => codes.includes(diagnostic.code)).map((diagnostic) => diagnostic.message);
}

/** The response body, decoded as UTF-8. */
export function bodyText(analysis: Analysis): string {
  const decoder = new TextDecoder();
  return analysis.recording.reads.map((read) => decoder.decode(read.bytes, { stream: true })).join('') + decoder.decode();
}

/**
 * A refusal: a 4xx status and a JSON body of the provider's error shape, not a 200 stream (a
 * server that streams its refusal leaves the SDK reading an answer that never comes).
 */
/** `shape`: the error's shape in words, as a broken rule says what the body is not. */
export function refusedAsJson(says: string, reference: string, isError: (json: unknown) => boolean, shape = 'such an error'): CheckRule {
  return {
    code: 'error-not-refused',
    says,
    reference,
    breaks: 'fail',
    judge(analysis) {
      const status = analysis.recording.response?.status;
      if (status === undefined) return ['No response came.'];
      if (status < 400 || status > 499) return [`The status is ${status}.`];
      const text = bodyText(analysis);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return [`The body is not JSON: ${JSON.stringify(text.slice(0, 80))}.`];
      }
      return isError(body) ? [] : [`The body is not ${shape}: ${JSON.stringify(text.slice(0, 80))}.`];
    },
  };
}

/**
 * A warning when the model made fewer calls than the prompt asks for: a model may choose so (one
 * call where two were asked), and a client survives it. `made`: the calls the dialect counts.
 */
export function callsAskedFor(count: number, rule: Pick<CheckRule, 'code' | 'says' | 'reference'>, made: (analysis: Analysis) => number): CheckRule {
  return {
    ...rule,
    breaks: 'warn',
    judge(analysis) {
      const calls = made(analysis);
      return calls >= count ? [] : [`It made ${calls}.`];
    },
  };
}
