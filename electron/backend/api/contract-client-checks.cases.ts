// The contract suite's client-conformance part (issue 30, "In the app"): the cases listed; a run of
// a small careful client answered at once, its verdicts arriving as pushes, then listed, fetched
// and deleted, its recordings kept and tagged with it; a buggy client given its failing verdict; a
// run cancelled with nothing of the command left running; a command that cannot start ended
// unreachable; a command line only a shell could run, and a bad folder, refused with nothing
// stored. Run by ./contract.suite.ts, so the in-process backend and serve mode answer alike.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientCaseResultPush, ClientCheckFinishedPush } from '../../../shared/api/client-checks.ts';
import { commandLine } from '../../../shared/conformance/client/report.ts';
import { chatClient } from '../check-client/clients.test-support.ts';
import { writerAlive } from '../store/writer-liveness.ts';
import { allClientCaseInfos } from './client-checks.ts';
import type { SuiteContext } from './contract.suite.ts';
import { eventually } from './test-support.ts';

const ONLY = ['clean', 'tool-call', 'cut-before-done', 'http-500'];
const CHAT = { protocols: ['chat-completions' as const], only: ONLY, timeoutMs: 10_000 };

/** A client that starts a child, writes both pids to `pids` and then waits for ever. */
const hanging = (pids: string) => `
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(${JSON.stringify(pids)}, JSON.stringify([process.pid, child.pid]));
setInterval(() => {}, 1000);
`;

export function clientCheckContractCases(ctx: SuiteContext): void {
  // A folder with a space in its name: the command line must quote it.
  let folder: string;
  const script = (name: string, source: string): string => {
    const path = join(folder, name);
    writeFileSync(path, source);
    return commandLine([process.execPath, path]);
  };
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'streamscope client '));
  });

  const resultsOf = (run: number) => ctx.pushes.filter((p) => p.push === 'clientCaseResult' && (p.payload as ClientCaseResultPush).run === run).map((p) => (p.payload as ClientCaseResultPush).result);
  const whenRunFinished = (run: number) =>
    eventually(() => ctx.pushes.find((p) => p.push === 'clientCheckFinished' && (p.payload as ClientCheckFinishedPush).run.id === run)?.payload as ClientCheckFinishedPush | undefined, `client run ${run} to finish`);
  const verdicts = (results: readonly { id: string; verdict: string }[]) => results.map((result) => [result.id, result.verdict]);

  describe('client conformance runs', () => {
    it("lists every built dialect's client cases in order, each with what it serves and why", async () => {
      const cases = await ctx.api.listClientCases({});
      expect(cases).toEqual(allClientCaseInfos());
      expect(cases.slice(0, 2).map((kase) => [kase.id, kase.protocol, kase.expect])).toEqual([
        ['clean', 'chat-completions', 'survive'],
        ['split-reads', 'chat-completions', 'survive'],
      ]);
      expect(cases.every((kase) => kase.serves !== '' && kase.why !== '')).toBe(true);
    });

    it('runs a careful client: answered at once, its verdicts pushed, then listed, fetched and deleted, its recordings kept', async () => {
      const command = script('careful.mjs', chatClient());
      const begun = await ctx.api.startClientCheck({ command, cwd: folder, ...CHAT });
      expect(begun).toMatchObject({ state: 'running', finishedAt: null, command, cwd: folder, protocols: ['chat-completions'], error: null, results: [] });
      expect(begun.cases.map((kase) => kase.id)).toEqual(ONLY);

      const { run: finished } = await whenRunFinished(begun.id);
      expect(finished).toMatchObject({ id: begun.id, state: 'done', error: null, counts: { survived: 2, detected: 2, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 } });
      expect(verdicts(resultsOf(begun.id))).toEqual([
        ['clean', 'survived'],
        ['tool-call', 'survived'],
        ['cut-before-done', 'detected'],
        ['http-500', 'detected'],
      ]);
      const stored = (await ctx.api.getClientRun({ id: begun.id }))!;
      expect(stored.results).toEqual(resultsOf(begun.id));
      expect(stored.results[0]!.requests.map((request) => [request.method, request.path])).toEqual([['POST', '/v1/chat/completions']]);
      expect((await ctx.api.listClientRuns({})).map((run) => [run.id, run.state])).toEqual([[begun.id, 'done']]);

      const recordings = await ctx.api.listRecordings({ tag: `client-run:${begun.id}` });
      expect(recordings.items.map((item) => [item.name, item.source])).toEqual(
        expect.arrayContaining(ONLY.map((id) => [`check-client chat ${id}`, 'check'])),
      );
      expect(recordings.total).toBe(4);
      expect(stored.results.map((result) => result.recordingId).sort()).toEqual(recordings.items.map((item) => item.id).sort());

      expect(await ctx.api.deleteClientRun({ id: begun.id })).toBe(true);
      expect(await ctx.api.deleteClientRun({ id: begun.id })).toBe(false);
      expect(await ctx.api.getClientRun({ id: begun.id })).toBeNull();
      expect((await ctx.api.listRecordings({ tag: `client-run:${begun.id}` })).total).toBe(4);
    });

    it('gives a client that takes the end of the body for the end of the answer its wrong verdict', async () => {
      const begun = await ctx.api.startClientCheck({ command: script('end-is-done.mjs', chatClient('end-is-done')), cwd: folder, ...CHAT });
      const { run } = await whenRunFinished(begun.id);
      expect(run.counts).toEqual({ survived: 2, detected: 1, wrong: 1, crashed: 0, hung: 0, 'no-request': 0 });
      expect(verdicts((await ctx.api.getClientRun({ id: begun.id }))!.results)).toEqual([
        ['clean', 'survived'],
        ['tool-call', 'survived'],
        ['cut-before-done', 'wrong'],
        ['http-500', 'detected'],
      ]);
    });

    it('cancels a run under way: it ends cancelled, the case under way unjudged, nothing of the command left running', async () => {
      const pids = join(folder, 'pids.json');
      const begun = await ctx.api.startClientCheck({ command: script('hanging.mjs', hanging(pids)), cwd: folder, ...CHAT });
      const [parent, child] = await eventually(() => readPids(pids), 'the client to start');
      await expect(ctx.api.deleteClientRun({ id: begun.id })).rejects.toMatchObject({ code: 'unavailable', message: `deleteClientRun: client run ${begun.id} is running: cancel it before deleting it` });
      expect(await ctx.api.cancelClientCheck({ id: begun.id })).toBe(true);
      const { run } = await whenRunFinished(begun.id);
      expect(run).toMatchObject({ id: begun.id, state: 'cancelled', counts: { survived: 0, detected: 0, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 } });
      expect(resultsOf(begun.id)).toEqual([]);
      expect([writerAlive(parent), writerAlive(child)]).toEqual([false, false]);
      expect(await ctx.api.cancelClientCheck({ id: begun.id })).toBe(false);
      expect((await ctx.api.getClientRun({ id: begun.id }))!).toMatchObject({ state: 'cancelled', results: [] });
      expect((await ctx.api.listRecordings({ tag: `client-run:${begun.id}` })).total).toBe(0);
    });

    it('ends a run whose command does not exist as unreachable, saying why', async () => {
      const missing = join(folder, 'no-such-client');
      const begun = await ctx.api.startClientCheck({ command: commandLine([missing]), cwd: folder, ...CHAT });
      const { run } = await whenRunFinished(begun.id);
      expect(run).toMatchObject({ state: 'unreachable', error: `${missing}: no such command`, counts: { survived: 0, detected: 0, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 } });
      expect((await ctx.api.getClientRun({ id: begun.id }))!).toMatchObject({ state: 'unreachable', error: `${missing}: no such command`, results: [] });
    });

    it('refuses a command line only a shell could run, and a bad folder, clearly, storing nothing', async () => {
      const refused = async (start: Parameters<typeof ctx.api.startClientCheck>[0]) => ctx.api.startClientCheck(start).then(() => 'started', (error: { code: string; message: string }) => `${error.code}: ${error.message}`);
      expect(await refused({ command: 'node client.mjs | tee out.txt' })).toBe('invalid-argument: startClientCheck: command: | needs a shell, which does not run here: give one command (put a pipeline or a list in a script)');
      expect(await refused({ command: 'npm run build && node client.mjs' })).toBe('invalid-argument: startClientCheck: command: && needs a shell, which does not run here: give one command (put a pipeline or a list in a script)');
      expect(await refused({ command: '   ' })).toBe('invalid-argument: startClientCheck: command: the command is empty: give the command that runs your client, e.g. node client.mjs');
      expect(await refused({ command: 'node client.mjs', cwd: 'projects/client' })).toBe('invalid-argument: startClientCheck: cwd: give an absolute path, not "projects/client"');
      expect(await refused({ command: 'node client.mjs', cwd: join(folder, 'missing') })).toBe(`invalid-argument: startClientCheck: cwd: ${join(folder, 'missing')}: no such folder`);
      const file = join(folder, 'a-file.txt');
      writeFileSync(file, 'not a folder');
      expect(await refused({ command: 'node client.mjs', cwd: file })).toBe(`invalid-argument: startClientCheck: cwd: ${file} is a file, not a folder`);
      expect(await refused({ command: 'node client.mjs', only: ['clena'] })).toBe('invalid-argument: startClientCheck: only: no case "clena" among those of chat-completions, responses, anthropic-messages, gemini, bedrock-converse');
      expect(await ctx.api.listClientRuns({})).toEqual([]);
      expect(await ctx.api.cancelClientCheck({ id: 424242 })).toBe(false);
      expect(await ctx.api.getClientRun({ id: 424242 })).toBeNull();
    });

    it("runs in the user's home folder when given none", async () => {
      const begun = await ctx.api.startClientCheck({ command: commandLine([process.execPath, '-e', 'process.exit(3)']), protocols: ['chat-completions'], only: ['clean'], timeoutMs: 10_000 });
      expect(begun.cwd).toBe(homedir());
      const { run } = await whenRunFinished(begun.id);
      expect(run).toMatchObject({ state: 'done', counts: { 'no-request': 1 } });
    });
  });
}

/** The pids the hanging client wrote, once it has written them. */
function readPids(path: string): [number, number] | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as [number, number];
  } catch {
    return undefined;
  }
}
