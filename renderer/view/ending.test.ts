import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { CORPUS_DIR } from '../../shared/test/dialect-corpus.ts';
import { realStream, timed, untimed } from '../../shared/test/streams.ts';
import { endingOf } from './ending.ts';

const analysed = (bytes: Uint8Array) => analyzeRecording(untimed(bytes));
const dialectStream = (name: string) => new Uint8Array(readFileSync(join(CORPUS_DIR, name)));

describe("The header's ending", () => {
  it('calls a clean stream the server closed clean, in the outcome green', () => {
    const { diagnostics } = analysed(realStream('openai-gpt4o-structured-text-usage.sse'));
    expect(endingOf('eof', diagnostics)).toEqual({ words: 'cleanly (the server closed the body)', tone: 'eof' });
  });

  it("says an Anthropic overloaded_error stream ended on an error event, in the error's colour, not cleanly", () => {
    const request = { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: {}, body: { model: 'claude-sonnet-5-5', stream: true } };
    const { protocol, diagnostics } = analyzeRecording(timed([[120, dialectStream('messages/anthropic-sdk-overloaded-error-synthetic.sse')]], { request }));
    expect(protocol).toBe('anthropic-messages');
    expect(endingOf('eof', diagnostics)).toEqual({ words: 'on an error event (then the server closed the body)', tone: 'error' });
  });

  it('says a Chat stream with a mid-stream error event ended on it', () => {
    const { diagnostics } = analysed(realStream('openrouter-minimax-midstream-error.sse'));
    expect(endingOf('eof', diagnostics)).toMatchObject({ words: 'on an error event (then the server closed the body)', tone: 'error' });
  });

  it('says a stream cut before [DONE] ended before its terminal event', () => {
    const text = new TextDecoder().decode(realStream('openai-gpt4o-structured-text-usage.sse')).replace('data: [DONE]\n\n', '');
    const { diagnostics } = analysed(new TextEncoder().encode(text));
    expect(endingOf('eof', diagnostics)).toEqual({ words: 'before its terminal event (the server closed the body early)', tone: 'error' });
  });

  it("keeps a connection's own outcome words and colour when it did not end with the body", () => {
    expect(endingOf('timeout', [])).toEqual({ words: 'by a timeout', tone: 'timeout' });
    expect(endingOf('interrupted', [])).toEqual({ words: 'interrupted (the recorder stopped mid-stream)', tone: 'interrupted' });
  });
});
