// `streamscope check-client` as a user runs it: a line a case as it finishes, the table, the
// wrong ones named; --json in the shape with each stream stored as a recording; --out an
// HTML page; exit 0 all pass, 1 one does not, 2 for bad arguments or a command that cannot start.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientReport } from '../../../shared/conformance/client/report.ts';
import { chatClient } from '../check-client/clients.test-support.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { runCli } from './test-support.ts';

const client = (bug: Parameters<typeof chatClient>[0] = null): string[] => ['--', process.execPath, '--input-type=module', '-e', chatClient(bug)];

describe('streamscope check-client', { timeout: 60_000 }, () => {
  it('prints a line a case as it finishes, the table, and names a wrong one loudly; exit 1', async () => {
    const run = await runCli('check-client', '--no-store', '--only', 'clean,cut-before-done,http-500', ...client('end-is-done'));
    expect(run.code).toBe(1);
    // The header line quotes the command, the client's source with its newlines among it.
    const [header, lines] = run.out.split('  3 cases (chat)\n');
    expect(header).toMatch(/^check-client \S+ --input-type=module -e '\nconst BUG = "end-is-done";/);
    expect(lines!.split('\n')).toEqual([
      'survived   chat clean                        The same text.',
      'wrong      chat cut-before-done              It exited 0 with an answer: a broken stream accepted as complete ("Hello! Café au lait ☕").',
      'detected   chat http-500                     It exited 1 on a broken stream.',
      '',
      'api          survived   detected      wrong    crashed       hung no-request',
      'chat                1          1          1          0          0          0',
      'all                 1          1          1          0          0          0',
      '',
      '2 of 3 cases pass.',
      'WRONG (a clean exit with the wrong answer): chat cut-before-done',
      '',
    ]);
  });

  it('prints the --json report in the issue\'s shape, each stream stored as a recording; exit 0 when all pass', async () => {
    const db = tempDbPath();
    const run = await runCli('check-client', '--json', '--db', db, '--only', 'clean,http-429', ...client());
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as ClientReport;
    expect(Object.keys(report)).toEqual(['command', 'cases', 'counts']);
    expect(report.cases.map((result) => Object.keys(result))).toEqual([0, 1].map(() => ['id', 'api', 'expect', 'verdict', 'summary', 'exitCode', 'durationMs', 'stdout', 'stderr', 'requests', 'recordingId']));
    expect(report.cases.map(({ id, api, expect, verdict, exitCode, stdout, requests }) => ({ id, api, expect, verdict, exitCode, stdout, requests: requests.length }))).toEqual([
      { id: 'clean', api: 'chat', expect: 'survive', verdict: 'survived', exitCode: 0, stdout: '{"text":"Hello! Café au lait ☕ in 東京 — 🚀 done.","toolCalls":[]}\n', requests: 1 },
      { id: 'http-429', api: 'chat', expect: 'detect', verdict: 'detected', exitCode: 1, stdout: '', requests: 1 },
    ]);
    expect(report.cases[1]!.stderr).toMatch(/^HTTP 429: \{"error":\{"message":"Rate limit reached/);
    expect(report.counts).toEqual({ survived: 1, detected: 1, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 });
    const store = openStore(db);
    try {
      const stored = report.cases.map((result) => store.get(result.recordingId!));
      expect(stored.map((recording) => [recording?.name, recording?.source, recording?.request?.url.replace(/:\d+\//, ':PORT/'), recording?.response?.status])).toEqual([
        ['check-client chat clean', 'check', 'http://127.0.0.1:PORT/v1/chat/completions', 200],
        ['check-client chat http-429', 'check', 'http://127.0.0.1:PORT/v1/chat/completions', 429],
      ]);
    } finally {
      store.close();
    }
  });

  it('writes --out as one self-contained HTML page with the matrix and each case', async () => {
    const page = join(mkdtempSync(join(tmpdir(), 'check-client-')), 'report.html');
    expect((await runCli('check-client', '--no-store', '--out', page, '--only', 'usage-chunk', ...client('first-choice'))).code).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<a href="#case-chat-usage-chunk"><span class="st st-fail">crashed</span></a>');
    expect(html).toContain('It exited 1 on a valid stream.');
    expect(html).not.toMatch(/<script|<link/);
  });

  it('refuses bad arguments, an unknown dialect, and a command that cannot start; exit 2', async () => {
    expect(await runCli('check-client', '--no-store', 'node', 'client.mjs')).toEqual({ code: 2, out: '', err: 'streamscope check-client: give the command to check after --, e.g. streamscope check-client -- node client.mjs\n' });
    expect((await runCli('check-client', '--no-store', '--api', 'bedrock', '--', 'node')).err).toBe('streamscope check-client: --api takes chat, responses, messages, gemini, bedrock-converse, not "bedrock"\n');
    // A registered dialect's cases: --only names Gemini's own.
    expect((await runCli('check-client', '--no-store', '--api', 'gemini', '--only', 'nope', '--', 'node')).err).toMatch(/^streamscope check-client: --only: no case "nope" \(the cases: clean, split-reads, one-read, function-call, signed-call, /);
    // And Bedrock's, framed as AWS event streams.
    expect((await runCli('check-client', '--no-store', '--api', 'bedrock-converse', '--only', 'nope', '--', 'node')).err).toMatch(/^streamscope check-client: --only: no case "nope" \(the cases: clean, split-reads, one-read, tool-use, slow-first-token, exception-frame, /);
    expect((await runCli('check-client', '--no-store', '--only', 'clean,nope', '--', 'node')).err).toMatch(/^streamscope check-client: --only: no case "nope" \(the cases: clean, split-reads, /);
    expect((await runCli('check-client', '--no-store', '--timeout-s', '0', '--', 'node')).err).toBe('streamscope check-client: --timeout-s takes a number of seconds above 0, not "0"\n');
    expect(await runCli('check-client', '--no-store', '--', '/nonexistent/client')).toMatchObject({ code: 2, err: 'streamscope check-client: cannot start the command: /nonexistent/client: no such command\n' });
  });
});
