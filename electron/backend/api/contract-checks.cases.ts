// The contract suite's conformance part (issue 29, "In the app"): the batteries listed; a run
// against the simulator answered at once, its verdicts arriving as pushes, then listed, fetched,
// compared with another and deleted, its recordings kept and tagged with it; a run cancelled; a
// profile's key sent as for a recording and never answered or pushed; bad starts refused clearly
// with nothing stored. Run by ./contract.suite.ts, so the in-process backend and serve mode answer alike.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { CheckFinishedPush, CheckResultPush } from '../../../shared/api/checks.ts';
import { encodeJson } from '../../../shared/api/codec.ts';
import { compareRuns } from '../../../shared/conformance/server/compare.ts';
import { allCheckInfos } from '../../../shared/conformance/server/info.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { SuiteContext } from './contract.suite.ts';
import { eventually, startEchoServer } from './test-support.ts';

const KEY = 'sk-proj-sentToTheCheckedServer0123456789QRST';

export function checkContractCases(ctx: SuiteContext): void {
  const resultsOf = (run: number) => ctx.pushes.filter((p) => p.push === 'checkResult' && (p.payload as CheckResultPush).run === run).map((p) => (p.payload as CheckResultPush).result);
  const whenRunFinished = (run: number) =>
    eventually(() => ctx.pushes.find((p) => p.push === 'checkFinished' && (p.payload as CheckFinishedPush).run.id === run)?.payload as CheckFinishedPush | undefined, `check run ${run} to finish`);

  describe('conformance runs', () => {
    it("lists every dialect's battery in order, each check with what it asks and expects", async () => {
      const checks = await ctx.api.listChecks({});
      expect(checks).toEqual(allCheckInfos());
      expect(checks.map((check) => check.id)).toEqual(PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol].map((check) => check.id)));
      expect(checks.every((check) => check.asks !== '' && check.expected.length > 0)).toBe(true);
    });

    it('runs the battery against the simulator: answered at once, its verdicts pushed, then listed, fetched, compared and deleted, its recordings kept', async () => {
      const only = ['chat.text', 'chat.usage', 'responses.text'];
      const begun = await ctx.api.startCheck({ profile: 'simulator', protocols: ['chat-completions', 'responses'], only, concurrency: 2 });
      expect(begun).toMatchObject({ state: 'running', finishedAt: null, profile: 'simulator', model: null, protocols: ['chat-completions', 'responses'], results: [] });
      expect(begun.checks.map((check) => check.id)).toEqual(only);
      expect(begun.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

      const { run: finished } = await whenRunFinished(begun.id);
      expect(finished).toMatchObject({ id: begun.id, state: 'done', counts: { pass: 3, warn: 0, fail: 0, skip: 0 } });
      expect(resultsOf(begun.id).map((result) => result.id).sort()).toEqual([...only].sort());
      const stored = (await ctx.api.getCheckRun({ id: begun.id }))!;
      expect(stored.results).toEqual(resultsOf(begun.id));
      expect((await ctx.api.listCheckRuns({})).map((run) => [run.id, run.state])).toEqual([[begun.id, 'done']]);
      expect(await ctx.api.listCheckRuns({ baseUrl: 'http://elsewhere.test/v1' })).toEqual([]);

      const recordings = await ctx.api.listRecordings({ tag: `check-run:${begun.id}` });
      expect(recordings.items.map((item) => [item.name, item.source]).sort()).toEqual(only.map((id) => [`check ${id}`, 'check']).sort());
      expect((await ctx.api.listRecordings({ origin: 'sent' })).total).toBe(3);

      const again = await ctx.api.startCheck({ profile: 'simulator', protocols: ['chat-completions'], only: ['chat.text'] });
      await whenRunFinished(again.id);
      const comparison = compareRuns(stored.results, (await ctx.api.getCheckRun({ id: again.id }))!.results);
      expect(comparison.counts).toEqual({ fixed: 0, broke: 0, changed: 0, same: 1, added: 0, removed: 2 });
      expect((await ctx.api.listCheckRuns({ limit: 1 })).map((run) => run.id)).toEqual([again.id]);

      expect(await ctx.api.deleteCheckRun({ id: begun.id })).toBe(true);
      expect(await ctx.api.deleteCheckRun({ id: begun.id })).toBe(false);
      expect(await ctx.api.getCheckRun({ id: begun.id })).toBeNull();
      expect((await ctx.api.listRecordings({ tag: `check-run:${begun.id}` })).total).toBe(3);
    });

    it('cancels a run under way: it ends cancelled with what it judged, and cannot be cancelled twice', async () => {
      let arrived!: () => void;
      const asked = new Promise<void>((resolve) => (arrived = resolve));
      const silent = createServer(() => arrived());
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const begun = await ctx.api.startCheck({ profile: 'simulator', baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, model: 'm', protocols: ['chat-completions'] });
        await asked;
        await expect(ctx.api.deleteCheckRun({ id: begun.id })).rejects.toMatchObject({ code: 'unavailable', message: `deleteCheckRun: check run ${begun.id} is running: cancel it before deleting it` });
        expect(await ctx.api.cancelCheck({ id: begun.id })).toBe(true);
        const { run } = await whenRunFinished(begun.id);
        expect(run).toMatchObject({ id: begun.id, state: 'cancelled', counts: { pass: 0, warn: 0, fail: 0, skip: 0 } });
        expect(await ctx.api.cancelCheck({ id: begun.id })).toBe(false);
        expect((await ctx.api.getCheckRun({ id: begun.id }))!.state).toBe('cancelled');
      } finally {
        silent.closeAllConnections();
        silent.close();
      }
    });

    it("sends the profile's key to a host the user confirmed, and never answers or pushes it", async () => {
      const echo = await startEchoServer();
      try {
        await ctx.api.setKey({ profile: 'openai', key: KEY });
        const start = { profile: 'openai', baseUrl: echo.baseUrl, model: 'echo-model', protocols: ['chat-completions' as const], only: ['chat.text'] };
        const elsewhere = new URL(echo.baseUrl).origin;
        await expect(ctx.api.startCheck(start)).rejects.toMatchObject({
          code: 'invalid-argument',
          message: `startCheck: sendKeyTo: the OpenAI key belongs to https://api.openai.com; it goes to ${elsewhere} only once the user confirms that host (sendKeyTo: "${elsewhere}")`,
        });
        const begun = await ctx.api.startCheck({ ...start, sendKeyTo: elsewhere });
        await whenRunFinished(begun.id);
        expect(echo.received.map((headers) => headers.authorization)).toEqual([`Bearer ${KEY}`]);
        const seen = [encodeJson(await ctx.api.getCheckRun({ id: begun.id })), ...ctx.pushes.map((p) => encodeJson(p.payload))].join('\n');
        expect(seen).toContain('"chat.text"');
        expect(seen).not.toContain(KEY.slice(-16, -4));
      } finally {
        await echo.close();
      }
    });

    it('refuses a bad start clearly, storing nothing', async () => {
      await expect(ctx.api.startCheck({ profile: 'nope' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/^no profile named "nope" \(one of openai, /) });
      await expect(ctx.api.startCheck({ profile: 'groq', protocols: ['responses'], model: 'm' })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startCheck: protocols: Groq serves chat-completions only, not responses',
      });
      await expect(ctx.api.startCheck({ profile: 'simulator', only: ['chat.txt'] })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startCheck: only: no check "chat.txt" among those of chat-completions, responses, anthropic-messages, gemini, bedrock-converse',
      });
      await expect(ctx.api.startCheck({ profile: 'groq' })).rejects.toMatchObject({ code: 'invalid-argument', message: 'startCheck: model: profile groq has no default model: give one' });
      await expect(ctx.api.startCheck({ profile: 'azure', model: 'm' })).rejects.toMatchObject({ code: 'invalid-argument', message: 'startCheck: baseUrl: profile azure has no base URL: give one' });
      await expect(ctx.api.startCheck({ profile: 'openai' })).rejects.toMatchObject({ code: 'unavailable', message: 'no API key for OpenAI: set one, or set OPENAI_API_KEY where Streamscope runs' });
      expect(await ctx.api.listCheckRuns({})).toEqual([]);
      expect(await ctx.api.cancelCheck({ id: 424242 })).toBe(false);
      expect(await ctx.api.getCheckRun({ id: 424242 })).toBeNull();
    });
  });
}
