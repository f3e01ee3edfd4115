import { describe, expect, it } from 'vitest';
import { chatCases } from './chat/cases.ts';
import { judgeCase } from './judge.ts';
import type { CommandOutcome } from './judge.ts';
import { readOutput } from './output.ts';
import { clientReport, commandLine, keptOutput } from './report.ts';

const cases = chatCases();
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const CLEAN_TEXT = 'Hello! Café au lait ☕ in 東京 — 🚀 done.';
const ran = (outcome: Partial<CommandOutcome>): CommandOutcome => {
  const stdout = outcome.stdout ?? '';
  return { exitCode: 0, signal: null, stdout, stdoutBytes: new TextEncoder().encode(stdout).length, timedOut: false, timeoutMs: 30_000, requests: 1, ...outcome };
};
const verdictOf = (id: string, outcome: Partial<CommandOutcome>) => judgeCase(byId(id), ran(outcome));

describe('reading what a command printed', () => {
  it('takes the text alone, less the one newline a print adds', () => {
    expect(readOutput('Hello\n\n')).toEqual({ kind: 'output', output: { text: 'Hello\n', toolCalls: [] } });
  });

  it('takes one JSON object, arguments as an object or a JSON string, parsed', () => {
    expect(readOutput('{"text":"","toolCalls":[{"name":"f","arguments":"{\\"a\\":1}"},{"name":"g","arguments":{"b":2}}]}\n')).toEqual({
      kind: 'output',
      output: { text: '', toolCalls: [{ name: 'f', arguments: { a: 1 } }, { name: 'g', arguments: { b: 2 } }] },
    });
  });

  it('takes a JSON object with an error for the command reporting one', () => {
    expect(readOutput('{"error":{"message":"cut"}}')).toEqual({ kind: 'error', error: '{"message":"cut"}' });
  });

  it('takes JSON that is not such an object for text', () => {
    expect(readOutput('{"city":"Paris"}')).toEqual({ kind: 'output', output: { text: '{"city":"Paris"}', toolCalls: [] } });
  });
});

describe("a case's verdict", () => {
  it('is survived for a valid stream answered with the same text', () => {
    expect(verdictOf('clean', { stdout: `${CLEAN_TEXT}\n` })).toEqual({ verdict: 'survived', summary: 'The same text.' });
  });

  it('compares tool call arguments parsed, whatever their spacing or key order', () => {
    const stdout = JSON.stringify({ text: '', toolCalls: [{ name: 'GetWeatherArgs', arguments: '{ "units": "c", "country": "GB", "city": "Edinburgh" }' }, { name: 'get_stock_price', arguments: { exchange: 'NASDAQ', ticker: 'AAPL' } }] });
    expect(verdictOf('parallel-tools', { stdout })).toEqual({ verdict: 'survived', summary: 'The same text and 2 tool calls.' });
  });

  it('is wrong for a clean exit with another answer, saying how it differs', () => {
    expect(verdictOf('parallel-tools', { stdout: JSON.stringify({ text: '', toolCalls: [{ name: 'GetWeatherArgs', arguments: { city: 'Edinburgh', country: 'GB', units: 'f' } }] }) })).toEqual({
      verdict: 'wrong',
      summary: 'It exited 0 with another answer: 1 tool call, not 2; tool call 0\'s arguments are {"city":"Edinburgh","country":"GB","units":"f"}, not {"city":"Edinburgh","country":"GB","units":"c"}.',
    });
  });

  it('is crashed for a valid stream that made the command fail', () => {
    expect(verdictOf('usage-chunk', { exitCode: 1, stdout: '' })).toEqual({ verdict: 'crashed', summary: 'It exited 1 on a valid stream.' });
  });

  it('is detected for a broken stream that made the command fail or report an error', () => {
    expect(verdictOf('cut-before-done', { exitCode: 1 })).toEqual({ verdict: 'detected', summary: 'It exited 1 on a broken stream.' });
    expect(verdictOf('cut-before-done', { stdout: '{"error":"no [DONE]"}' })).toEqual({ verdict: 'detected', summary: 'It reported an error: no [DONE]' });
  });

  it('is wrong, loudly, for a broken stream accepted as complete', () => {
    expect(verdictOf('cut-before-done', { stdout: 'Hello! Café au lait ☕\n' })).toEqual({ verdict: 'wrong', summary: 'It exited 0 with an answer: a broken stream accepted as complete ("Hello! Café au lait ☕").' });
  });

  it('is hung past the timeout, whatever the stream', () => {
    expect(verdictOf('http-500', { timedOut: true, exitCode: null, signal: 'SIGKILL', timeoutMs: 2000 })).toEqual({ verdict: 'hung', summary: 'Still running after 2 s: killed.' });
  });

  it('is no-request for a command that never reached the mock, even one that failed on a broken stream', () => {
    expect(verdictOf('http-500', { exitCode: 1, requests: 0 }).verdict).toBe('no-request');
    expect(verdictOf('http-500', { exitCode: 1, requests: 0 }).summary).toMatch(/^Made no request to the mock \(it exited 1\)/);
  });

  it('is wrong for megabytes of output on a valid stream', () => {
    expect(verdictOf('clean', { stdout: 'x'.repeat(10), stdoutBytes: 5_000_000 })).toEqual({ verdict: 'wrong', summary: 'It printed 5,000,000 bytes, more than any answer of this case: not the answer.' });
  });
});

describe('the report', () => {
  it('counts every verdict and names the dialect by its word', () => {
    const report = clientReport('node client.mjs', [
      { id: 'clean', protocol: 'chat-completions', expect: 'survive', verdict: 'survived', summary: 'The same text.', exitCode: 0, durationMs: 12, stdout: 'x', stderr: '', requests: [{ method: 'POST', path: '/v1/chat/completions', body: {} }], recordingId: 4 },
    ]);
    expect(report).toEqual({
      command: 'node client.mjs',
      cases: [{ id: 'clean', api: 'chat', expect: 'survive', verdict: 'survived', summary: 'The same text.', exitCode: 0, durationMs: 12, stdout: 'x', stderr: '', requests: [{ method: 'POST', path: '/v1/chat/completions', body: {} }], recordingId: 4 }],
      counts: { survived: 1, detected: 0, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 },
    });
  });

  it('keeps a long output as its head and tail with the bytes between counted', () => {
    expect(keptOutput('ab', 'yz', 0)).toBe('abyz');
    expect(keptOutput('ab', 'yz', 1234)).toBe('ab\n… 1,234 bytes left out …\nyz');
  });

  it('writes the command as a shell line', () => {
    expect(commandLine(['node', '-e', "console.log('hi')"])).toBe("node -e 'console.log('\\''hi'\\'')'");
  });
});
