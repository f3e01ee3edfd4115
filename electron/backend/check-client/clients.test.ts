import { describe, expect, it } from 'vitest';
import { chatCases } from '../../../shared/conformance/client/chat/cases.ts';
import type { ClientVerdict } from '../../../shared/conformance/client/judge.ts';
import { anthropicCases } from '../../../shared/conformance/client/anthropic/cases.ts';
import { responsesCases } from '../../../shared/conformance/client/responses/cases.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { chatClient, messagesClient, responsesClient } from './clients.test-support.ts';
import type { ClientBug } from './clients.test-support.ts';
import { runClientCases } from './run.ts';

// The slow case waits 1.5 s, not 5: its verdict, not its length, is under test.
const CASES = chatCases({ slowFirstTokenMs: 1500 });
const PASSES = Object.fromEntries(CASES.map((kase) => [kase.id, kase.expect === 'survive' ? 'survived' : 'detected'])) as Record<string, ClientVerdict>;

async function verdicts(bug: ClientBug | null): Promise<Record<string, ClientVerdict>> {
  const run = await runClientCases({ argv: [process.execPath, '--input-type=module', '-e', chatClient(bug)], cases: CASES, timeoutMs: 15_000 });
  return Object.fromEntries(run.results.map((result) => [result.id, result.verdict]));
}

// Concurrent: each client runs against mocks of its own, and mostly waits on them.
describe.concurrent('small clients with one known bug each get exactly the verdicts their bug implies', { timeout: 120_000 }, () => {
  it('the careful client passes every case', async () => {
    expect(await verdicts(null)).toEqual(PASSES);
  });

  it('parsing [DONE] as JSON crashes on every valid stream', async () => {
    const valid = Object.fromEntries(CASES.filter((kase) => kase.expect === 'survive').map((kase) => [kase.id, 'crashed']));
    expect(await verdicts('done-as-json')).toEqual({ ...PASSES, ...valid });
  });

  it("reading choices[0] of every chunk crashes on every chunk with choices: [] (usage, the real tool-call streams', Azure's prompt filter)", async () => {
    expect(await verdicts('first-choice')).toEqual({ ...PASSES, 'usage-chunk': 'crashed', 'tool-call': 'crashed', 'parallel-tools': 'crashed', 'azure-prompt-filter': 'crashed' });
  });

  it('taking each read for whole events crashes on events cut across reads', async () => {
    expect(await verdicts('read-is-events')).toEqual({ ...PASSES, 'split-reads': 'crashed' });
  });

  it('refusing comment lines crashes on keep-alive comments', async () => {
    expect(await verdicts('no-comments')).toEqual({ ...PASSES, 'keepalive-comments': 'crashed' });
  });

  it('taking the end of the body for the end of the answer takes a cut answer as complete', async () => {
    expect(await verdicts('end-is-done')).toEqual({ ...PASSES, 'cut-before-done': 'wrong' });
  });
});

async function carefulVerdicts(source: string, cases: readonly ClientCase[]) {
  const run = await runClientCases({ argv: [process.execPath, '--input-type=module', '-e', source], cases, timeoutMs: 15_000 });
  return { got: Object.fromEntries(run.results.map((result) => [result.id, result.verdict])), passes: Object.fromEntries(cases.map((kase) => [kase.id, kase.expect === 'survive' ? 'survived' : 'detected'])) };
}

describe.concurrent('careful clients of the other dialects', { timeout: 60_000 }, () => {
  it('a careful Responses client passes every Responses case', async () => {
    const { got, passes } = await carefulVerdicts(responsesClient(), responsesCases({ slowFirstTokenMs: 1500 }));
    expect(got).toEqual(passes);
  });

  it('a careful Anthropic Messages client passes every Anthropic case', async () => {
    const { got, passes } = await carefulVerdicts(messagesClient(), anthropicCases({ slowFirstTokenMs: 1500 }));
    expect(got).toEqual(passes);
  });
});
