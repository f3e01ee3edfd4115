import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chatCases } from '../../../shared/conformance/client/chat/cases.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { chatClient } from './clients.test-support.ts';
import { CommandNotStarted, runClientCases } from './run.ts';

const CASES = chatCases({ slowFirstTokenMs: 1500 });
const only = (...ids: string[]): ClientCase[] => ids.map((id) => CASES.find((kase) => kase.id === id)!);
const node = (source: string): string[] => [process.execPath, '--input-type=module', '-e', source];

/** The processes of group `pgid` still running (a killed one not yet reaped is a zombie, not running): Linux's /proc. */
function runningInGroup(pgid: number): number[] {
  const running: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after its last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') running.push(Number(name));
  }
  return running;
}

describe('commands that misbehave get a clear verdict, and nothing is left running', { timeout: 60_000 }, () => {
  it('a command that hangs is killed at the timeout, its whole group with it', async () => {
    const source = `
import { spawn } from 'node:child_process';
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
process.stderr.write('pgid ' + process.pid + ' child ' + child.pid + '\\n');
await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', { method: 'POST', body: '{}' });
setInterval(() => {}, 1000);`;
    const run = await runClientCases({ argv: node(source), cases: only('clean'), timeoutMs: 1500 });
    const [result] = run.results;
    expect(result).toMatchObject({ verdict: 'hung', summary: 'Still running after 1.5 s: killed.', exitCode: null, requests: [{ method: 'POST', path: '/v1/chat/completions', body: {} }] });
    const pgid = Number(/pgid (\d+)/.exec(result!.stderr)![1]);
    expect(runningInGroup(pgid)).toEqual([]);
  });

  it('a command that exits at once, asking nothing, made no request to the mock', async () => {
    const run = await runClientCases({ argv: node('process.exit(0)'), cases: only('clean', 'http-500'), timeoutMs: 5000 });
    expect(run.results.map((result) => [result.id, result.verdict, result.exitCode])).toEqual([
      ['clean', 'no-request', 0],
      ['http-500', 'no-request', 0],
    ]);
  });

  it('a command that ignores the base URL and calls elsewhere made no request to the mock, though it failed', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const source = `await fetch('http://127.0.0.1:9/v1/chat/completions', { method: 'POST', body: '{}' }).catch(() => process.exit(1));`;
    const run = await runClientCases({ argv: node(source), cases: only('cut-before-done'), timeoutMs: 5000 });
    expect(run.results[0]).toMatchObject({ verdict: 'no-request', exitCode: 1, requests: [] });
    expect(run.results[0]!.summary).toMatch(/^Made no request to the mock \(it exited 1\): it ignores the base URL/);
  });

  it('a command that prints megabytes is judged wrong, its output kept as head and tail', async () => {
    const source = `${chatClient(null).replace("process.stdout.write(JSON.stringify({ text, toolCalls: calls.filter(Boolean) }) + '\\n');", "process.stdout.write('a'.repeat(3_000_000) + 'z');")}`;
    const run = await runClientCases({ argv: node(source), cases: only('clean'), timeoutMs: 10_000 });
    const [result] = run.results;
    expect(result).toMatchObject({ verdict: 'wrong', summary: 'It printed 3,000,001 bytes, more than any answer of this case: not the answer.' });
    expect(result!.stdout).toBe(`${'a'.repeat(2048)}\n… 2,995,905 bytes left out …\n${'a'.repeat(2047)}z`);
  });

  it('a command whose children outlive it is judged on its own exit, the children killed', async () => {
    const careful = chatClient(null).replace("process.stdout.write(", "import('node:child_process').then(({ spawn }) => { const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); child.unref(); process.stderr.write('pgid ' + process.pid + ' child ' + child.pid + '\\\\n'); });\nprocess.stdout.write(");
    const run = await runClientCases({ argv: node(careful), cases: only('clean'), timeoutMs: 10_000 });
    const [result] = run.results;
    expect(result).toMatchObject({ verdict: 'survived', exitCode: 0 });
    const pgid = Number(/pgid (\d+) child \d+/.exec(result!.stderr)![1]);
    expect(runningInGroup(pgid)).toEqual([]);
  });

  it('a command that cannot start stops the run', async () => {
    await expect(runClientCases({ argv: ['/nonexistent/streamscope-client'], cases: only('clean'), timeoutMs: 5000 })).rejects.toThrow(new CommandNotStarted('/nonexistent/streamscope-client: no such command'));
  });

  it('tells the command where the mock is, for every SDK, and which case it runs', async () => {
    const source = `const keys = ['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'STREAMSCOPE_BASE_URL', 'STREAMSCOPE_CASE', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'];
await fetch(process.env.STREAMSCOPE_BASE_URL + '/chat/completions', { method: 'POST', body: 'not json' });
console.log(JSON.stringify({ error: Object.fromEntries(keys.map((key) => [key, process.env[key]])) }));`;
    const run = await runClientCases({ argv: node(source), cases: only('http-500'), timeoutMs: 5000 });
    const [result] = run.results;
    const env = JSON.parse(result!.stdout).error;
    const port = /^http:\/\/127\.0\.0\.1:(\d+)\/v1$/.exec(env.OPENAI_BASE_URL)![1];
    expect(env).toEqual({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, STREAMSCOPE_BASE_URL: `http://127.0.0.1:${port}/v1`, STREAMSCOPE_CASE: 'http-500', OPENAI_API_KEY: 'sk-streamscope-check-client', ANTHROPIC_API_KEY: 'sk-ant-streamscope-check-client' });
    expect(result).toMatchObject({ verdict: 'detected', requests: [{ method: 'POST', path: '/v1/chat/completions', body: 'not json' }] });
  });
});
