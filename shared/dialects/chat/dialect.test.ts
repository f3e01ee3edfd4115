// Chat Completions behind the dialect interface (chat.ts) gives, on every captured real stream,
// what the analysis gives today: the same choices, usage, first token and chunk findings.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../analysis/analyze.ts';
import * as fold from '../../analysis/fold.ts';
import { parseSse } from '../../framing/sse/parser.ts';
import { realStreams, untimed } from '../../test/streams.ts';
import { chat } from './dialect.ts';
import { runDialect } from '../run.ts';
import * as dialects from '../types.ts';

/** The codes the chunk checks make (the rest of an analysis's findings are the transport's). */
const CHUNK_CODES = new Set([
  'stream-error',
  'malformed-chunk',
  'missing-finish-reason',
  'finish-length',
  'finish-content-filter',
  'nonstandard-finish-reason',
  'delta-after-finish',
  'refusal',
  'role-missing',
  'empty-content-delta',
  'non-string-content',
  'tool-call-incomplete',
  'tool-arguments-invalid',
  'tool-call-type-missing',
  'tool-call-index-missing',
  'tool-calls-interleaved',
  'tool-call-index-gap',
  'tool-finish-mismatch',
  'usage-chunk',
  'usage-missing',
  'inconsistent-metadata',
  'metadata-drift',
  'unexpected-object',
  'unknown-field',
]);

describe('Chat Completions behind the dialect interface', () => {
  it('marks tokens with the bits the metrics read', () => {
    expect([dialects.TOKEN_CONTENT, dialects.TOKEN_REASONING, dialects.TOKEN_REFUSAL, dialects.TOKEN_TOOL]).toEqual([fold.TOKEN_CONTENT, fold.TOKEN_REASONING, fold.TOKEN_REFUSAL, fold.TOKEN_TOOL]);
  });

  it.each(realStreams().map(({ name, bytes }) => [name, bytes] as const))('%s reads as the analysis reads it', (_name, bytes) => {
    const analysis = analyzeRecording(untimed(bytes));
    const result = runDialect(chat, parseSse(bytes).events);
    expect(result.final).toEqual(analysis.choices);
    expect(result.usage).toEqual(analysis.state.usage ? { ...analysis.state.usage } : null);
    expect(result.firstToken).toBe(analysis.events.findIndex((event) => event.tokens !== 0));
    const ours = result.diagnostics.map(({ code, message, events }) => ({ code, message, events }));
    const theirs = analysis.diagnostics.filter((diagnostic) => CHUNK_CODES.has(diagnostic.code)).map(({ code, message, events }) => ({ code, message, events }));
    expect(ours.sort((a, b) => a.code.localeCompare(b.code) || a.message.localeCompare(b.message))).toEqual(theirs.sort((a, b) => a.code.localeCompare(b.code) || a.message.localeCompare(b.message)));
  });
});
