// The echo dialect through the dialect suite, as a dialect folder's test runs it; and what it
// reads, exactly.

import { describe, expect, it } from 'vitest';
import { parseSse } from '../../../framing/sse/parser.ts';
import { describeDialect } from '../../dialect.suite.ts';
import { REGISTERED_DIALECTS } from '../../registry.ts';
import { runDialect } from '../../run.ts';
import { echo } from './index.ts';
import { CUT_BODY, ECHO_BODY, echoSamples } from './samples.test-support.ts';

describeDialect(echo, echoSamples, 'echo');

const run = (body: string) => runDialect(echo, parseSse(new TextEncoder().encode(body)).events);

describe('echo, the test dialect', () => {
  it('ends with its texts joined, the first token at the first echo', () => {
    const result = run(ECHO_BODY);
    expect({ final: result.final, usage: result.usage, diagnostics: result.diagnostics, firstToken: result.firstToken }).toEqual({ final: 'Hello, wörld 😀', usage: null, diagnostics: [], firstToken: 0 });
    expect(result.events.map((event) => echo.annotate(event.sse, event.interpretation))).toEqual(['text += "Hel"', 'text += "lo, "', 'text += "wörld 😀"', 'end']);
  });

  it('finds a stream cut before its end', () => {
    expect(run(CUT_BODY).diagnostics).toEqual([{ code: 'missing-end', severity: 'error', message: 'The stream ended without data: {"end":true}.', hint: echo.catalogue['missing-end']!.hint, events: [1] }]);
  });

  it('is not a registered dialect', () => {
    expect(REGISTERED_DIALECTS).not.toContain(echo);
  });
});
