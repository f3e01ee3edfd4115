// The contract suite's keys part (issue 17, "Keys"): a profile's key goes only to its profile's
// host unless the user confirmed another, a key given with the request goes where it points, and
// a header or key HTTP cannot carry is refused before anything is stored. Run by
// ./contract.suite.ts, so the in-process backend and serve mode answer alike.

import { describe, expect, it } from 'vitest';
import type { SuiteContext } from './contract.suite.ts';
import { hello, startEchoServer } from './test-support.ts';

const SAVED = 'gsk_savedForGroqOnly0123456789abcdKLMN';
const OWN = 'sk-givenWithThisRequest0123456789OPQR';

export function keyContractCases(ctx: SuiteContext, envGroqKey: string): void {
  describe('where keys go', () => {
    it("refuses to send a profile's key to another host until the user confirms that very host, then sends it there", async () => {
      const echo = await startEchoServer();
      try {
        const elsewhere = new URL(echo.baseUrl).origin;
        const refused = (profile: string, home: string) => ({
          code: 'invalid-argument',
          message: `startRecording: sendKeyTo: the ${profile} key ${home}; it goes to ${elsewhere} only once the user confirms that host (sendKeyTo: "${elsewhere}")`,
        });
        // The key from the environment belongs to its profile as a saved one does.
        await expect(ctx.api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'm', messages: hello })).rejects.toMatchObject(refused('Groq', 'belongs to https://api.groq.com'));
        await ctx.api.setKey({ profile: 'groq', key: SAVED });
        await expect(ctx.api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'm', messages: hello })).rejects.toMatchObject(refused('Groq', 'belongs to https://api.groq.com'));
        // A confirmation is for one origin: the profile's own host, or another port, does not do.
        for (const sendKeyTo of ['https://api.groq.com', elsewhere.replace(/:\d+$/, ':1')]) {
          await expect(ctx.api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'm', messages: hello, sendKeyTo })).rejects.toMatchObject(refused('Groq', 'belongs to https://api.groq.com'));
        }
        // Azure has no host of its own: every resource's host is confirmed.
        await ctx.api.setKey({ profile: 'azure', key: SAVED });
        await expect(ctx.api.startRecording({ profile: 'azure', baseUrl: echo.baseUrl, model: 'm', messages: hello })).rejects.toMatchObject(refused('Azure OpenAI', 'has no host of its own'));
        expect(echo.received).toEqual([]);
        expect((await ctx.api.listRecordings({})).total).toBe(0);

        const started = await ctx.api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'm', messages: hello, sendKeyTo: elsewhere });
        await ctx.whenFinished(started.id);
        expect(echo.received.map((headers) => headers.authorization)).toEqual([`Bearer ${SAVED}`]);
        expect(envGroqKey).not.toBe(SAVED);
      } finally {
        await echo.close();
      }
    });

    it("sends a key given in the request's own headers where the request points, unasked, and not the profile's", async () => {
      const echo = await startEchoServer();
      try {
        await ctx.api.setKey({ profile: 'groq', key: SAVED });
        const started = await ctx.api.startRecording({ profile: 'groq', baseUrl: echo.baseUrl, model: 'm', messages: hello, headers: { Authorization: `Bearer ${OWN}` } });
        await ctx.whenFinished(started.id);
        expect(echo.received.map((headers) => headers.authorization)).toEqual([`Bearer ${OWN}`]);
        expect((await ctx.api.getRecording({ id: started.id }))!.recording.request!.headers).toMatchObject({ Authorization: 'Bearer sk-…OPQR' });
      } finally {
        await echo.close();
      }
    });

    it('refuses a header or a key that HTTP cannot carry in one line naming it, never echoing the key, and stores nothing', async () => {
      await expect(ctx.api.startRecording({ profile: 'simulator', messages: hello, headers: { 'x-note': 'café €' } })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startRecording: headers.x-note: the value holds U+20AC, which is not Latin-1',
      });
      await expect(ctx.api.startRecording({ profile: 'simulator', messages: hello, headers: { 'x-note': 'bell\u0007' } })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startRecording: headers.x-note: the value holds a control character (U+0007)',
      });
      await expect(ctx.api.setKey({ profile: 'openai', key: 'sk-secret€0123456789' })).rejects.toMatchObject({ code: 'invalid-argument', message: 'setKey: key: the key holds U+20AC, which is not Latin-1' });
      expect((await ctx.api.listProfiles({})).find((profile) => profile.name === 'openai')!.key).toBeNull();
      expect((await ctx.api.listRecordings({})).total).toBe(0);
    });
  });
}
