// The contract suite's capture part: a proxy started through the API relays an app's request to
// the simulator, pushes the exchange as it starts and ends, and stores the stream as a captured
// recording the history finds by origin and session. Run by ./contract.suite.ts with its context.

import { describe, expect, it } from 'vitest';
import type { CaptureExchangePush } from '../../../shared/api/contract.ts';
import type { SuiteContext } from './contract.suite.ts';
import { eventually, hello } from './test-support.ts';

const APP_KEY = 'sk-proj-theAppsOwnKey0123456789abcdefghijKLMN';

export function captureContractCases(ctx: SuiteContext): void {
  describe('capture proxies', () => {
    const exchangesOf = (proxy: number) => ctx.pushes.filter((p) => p.push === 'captureExchange' && (p.payload as CaptureExchangePush).proxy === proxy).map((p) => (p.payload as CaptureExchangePush).exchange);

    it("relays an app's stream, pushes the exchange open then done, and stores it as a captured recording of its session", async () => {
      const proxy = await ctx.api.startProxy({ profiles: ['simulator'], tags: ['app'] });
      expect(proxy).toMatchObject({ session: expect.any(String), port: expect.any(Number), keepEncoding: false, cassettes: null, exchanges: 0 });
      const [base] = proxy.bases;
      expect(base).toMatchObject({ prefix: '/simulator', upstream: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/), baseUrl: `${proxy.origin}/simulator/v1` });
      expect(base!.snippets[0]).toEqual({ client: 'Environment', text: `OPENAI_BASE_URL=${base!.baseUrl}`, note: expect.any(String) });

      const response = await fetch(`${base!.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${APP_KEY}`, 'user-agent': 'my-app/1.0' },
        body: JSON.stringify({ model: 'sim-text', stream: true, messages: hello, sim: { time_scale: 0 } }),
      });
      const body = await response.text();
      expect([response.status, body.endsWith('data: [DONE]\n\n')]).toEqual([200, true]);

      const [opened, done] = await eventually(() => (exchangesOf(proxy.id).length === 2 ? exchangesOf(proxy.id) : undefined), 'the two captureExchange pushes');
      expect(opened).toMatchObject({ id: 1, state: 'open', method: 'POST', path: '/simulator/v1/chat/completions', model: 'sim-text', client: 'my-app/1.0', servedBy: 'proxy', stream: true });
      expect(done).toMatchObject({ id: 1, state: 'done', status: 200, outcome: 'eof', stream: true, recording: opened!.recording, bytes: Buffer.byteLength(body) });
      const stored = (await ctx.api.getRecording({ id: done!.recording! }))!;
      expect(stored.recording).toMatchObject({ source: 'capture', tags: ['app'], capture: { session: proxy.session, servedBy: 'proxy', client: { userAgent: 'my-app/1.0' } } });
      expect(new TextDecoder().decode(Buffer.concat(stored.recording.reads.map((read) => read.bytes)))).toBe(body);
      expect(stored.recording.request!.headers.authorization).not.toContain(APP_KEY);
      expect((await ctx.api.listRecordings({ origin: 'captured' })).items.map((item) => item.id)).toEqual([stored.recording.id]);
      expect((await ctx.api.listRecordings({ captureSession: proxy.session })).items.map((item) => item.captureSession)).toEqual([proxy.session]);
      expect((await ctx.api.listRecordings({ origin: 'sent' })).items).toEqual([]);

      expect(await ctx.api.proxyLog({ id: proxy.id })).toEqual([done]);
      expect(await ctx.api.listProxies({})).toEqual([{ ...proxy, exchanges: 1 }]);
      expect(await ctx.api.stopProxy({ id: proxy.id })).toBe(true);
      expect(await ctx.api.stopProxy({ id: proxy.id })).toBe(false);
      expect(await ctx.api.proxyLog({ id: proxy.id })).toBeNull();
      expect(JSON.stringify(ctx.pushes)).not.toContain(APP_KEY);
    });

    it('refuses a proxy with no upstream, an unknown profile or one without a fixed URL, saying why', async () => {
      await expect(ctx.api.startProxy({})).rejects.toMatchObject({ code: 'invalid-argument', message: 'startProxy: no upstream: give --upstream URL or --profile NAME' });
      await expect(ctx.api.startProxy({ profiles: ['nope'] })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^startProxy: unknown profile "nope"/) });
      await expect(ctx.api.startProxy({ profiles: ['azure'] })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('has no fixed URL') });
      expect(await ctx.api.listProxies({})).toEqual([]);
    });
  });
}
