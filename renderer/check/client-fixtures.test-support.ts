// Client runs and verdicts as the backend would answer them, for the Client tab's tests.

import type { ClientCaseInfo, ClientCaseResult, ClientRunSummary, ClientVerdict, StoredClientRun } from '../../shared/api/client-checks.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export function kase(id: string, protocol: Protocol = 'chat-completions', expect: ClientCaseInfo['expect'] = 'survive'): ClientCaseInfo {
  return { id, protocol, expect, serves: `What ${id} serves.`, why: `Why ${id}.` };
}

export const CASES: readonly ClientCaseInfo[] = [kase('clean'), kase('cut-before-done', 'chat-completions', 'detect'), kase('clean', 'anthropic-messages'), kase('http-529', 'anthropic-messages', 'detect')];

export function verdict(id: string, protocol: Protocol, verdict: ClientVerdict, recordingId: number | null = 7, changes: Partial<ClientCaseResult> = {}): ClientCaseResult {
  return {
    id,
    protocol,
    expect: verdict === 'detected' || id.startsWith('cut') || id.startsWith('http') ? 'detect' : 'survive',
    verdict,
    summary: `${id} was ${verdict}.`,
    exitCode: verdict === 'hung' ? null : verdict === 'survived' || verdict === 'wrong' ? 0 : 1,
    durationMs: 120,
    stdout: '',
    stderr: '',
    requests: [],
    recordingId,
    ...changes,
  };
}

const NONE = { survived: 0, detected: 0, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 };

export function clientSummary(id: number, changes: Partial<ClientRunSummary> = {}): ClientRunSummary {
  return {
    id,
    startedAt: `2026-12-04T21:0${id}:30.000Z`,
    finishedAt: null,
    command: 'node my-client.mjs',
    cwd: '/home/me/app',
    protocols: ['chat-completions', 'anthropic-messages'],
    state: 'running',
    error: null,
    counts: NONE,
    ...changes,
  };
}

export function clientRun(id: number, results: readonly ClientCaseResult[] = [], changes: Partial<StoredClientRun> = {}): StoredClientRun {
  return { ...clientSummary(id), cases: CASES, results, ...changes };
}
