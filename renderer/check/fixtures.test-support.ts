// Runs and verdicts as the backend would answer them, for the Check view's tests.

import type { CheckInfo, CheckResult, CheckRunSummary, StoredCheckRun } from '../../shared/api/checks.ts';
import type { CheckStatus } from '../../shared/conformance/server/types.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export function info(id: string, protocol: Protocol): CheckInfo {
  return { id, protocol, asks: `What ${id} asks.`, expected: [`${id} rule one.`, `${id} rule two.`] };
}

export function result(id: string, protocol: Protocol, status: CheckStatus, codes: readonly string[] = [], recordingId: number | null = 7): CheckResult {
  return {
    id,
    protocol,
    status,
    summary: status === 'pass' ? `${id} passed.` : `${id}: ${codes[0] ?? 'skipped'}.`,
    expected: [`${id} rule one.`],
    findings: codes.map((code) => ({ code, severity: status === 'fail' ? 'error' : 'warning', message: `${code} found.` })),
    recordingId,
  };
}

export function summary(id: number, changes: Partial<CheckRunSummary> = {}): CheckRunSummary {
  return {
    id,
    startedAt: `2026-12-04T21:0${id}:00.000Z`,
    finishedAt: null,
    baseUrl: 'http://127.0.0.1:4000/v1',
    model: null,
    profile: 'simulator',
    protocols: ['chat-completions', 'anthropic-messages'],
    state: 'running',
    counts: { pass: 0, warn: 0, fail: 0, skip: 0 },
    ...changes,
  };
}

export const CHECKS: readonly CheckInfo[] = [info('chat.text', 'chat-completions'), info('chat.usage', 'chat-completions'), info('messages.text', 'anthropic-messages'), info('messages.max-tokens', 'anthropic-messages')];

export function run(id: number, results: readonly CheckResult[] = [], changes: Partial<StoredCheckRun> = {}): StoredCheckRun {
  return { ...summary(id), checks: CHECKS, results, ...changes };
}
