// The contract suite's dialect part: `startRecording` with a `protocol` sends a Responses or an
// Anthropic Messages request, in that dialect's shape, to that dialect's path; a profile asked for
// a dialect it does not serve is refused naming what it serves; each dialect has its scenarios.
// Run by ./contract.suite.ts with its context.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { descriptionIn, scenariosOf } from '../simulator/index.ts';
import type { SuiteContext } from './contract.suite.ts';
import { FAST } from './test-support.ts';

const conversation = [
  { role: 'system', content: 'Be terse.' },
  { role: 'user', content: 'Weather in Oslo?' },
];

export function dialectContractCases(ctx: SuiteContext): void {
  describe('dialects', () => {
    it('records a Responses stream from the simulator: POST …/v1/responses with instructions and input', async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', protocol: 'responses', model: 'sim-tool-call', messages: conversation, params: { ...FAST, max_output_tokens: 64 } });
      expect(started.request!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/responses$/);
      expect(started.request!.body).toEqual({ ...FAST, max_output_tokens: 64, model: 'sim-tool-call', instructions: 'Be terse.', input: [conversation[1]], stream: true });
      const finished = await ctx.whenFinished(started.id);
      expect(finished.summary).toMatchObject({ outcome: 'eof', status: 200, model: 'sim-tool-call', codes: [] });
      const stored = (await ctx.api.getRecording({ id: started.id }))!;
      expect(analyzeRecording(stored.recording).protocol).toBe('responses');
      expect(stored.events.at(-1)!.data).toContain('"type":"response.completed"');
    });

    it('records an Anthropic Messages stream: POST …/v1/messages with system apart, max_tokens and anthropic-version', async () => {
      const started = await ctx.api.startRecording({ profile: 'simulator', protocol: 'anthropic-messages', model: 'sim-refusal', messages: conversation, params: FAST });
      expect(started.request!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/messages$/);
      expect(started.request!.headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream', 'anthropic-version': '2023-06-01' });
      expect(started.request!.body).toEqual({ ...FAST, model: 'sim-refusal', system: 'Be terse.', messages: [conversation[1]], max_tokens: 4096, stream: true });
      const finished = await ctx.whenFinished(started.id);
      expect(finished.summary).toMatchObject({ outcome: 'eof', status: 200, codes: ['ping', 'stop-refusal'] });
      expect(analyzeRecording((await ctx.api.getRecording({ id: started.id }))!.recording).protocol).toBe('anthropic-messages');
    });

    it("refuses a dialect the profile does not serve, naming what it serves, and an option the dialect has not", async () => {
      await expect(ctx.api.startRecording({ profile: 'groq', protocol: 'responses', messages: conversation })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startRecording: protocol: Groq serves chat-completions only, not responses',
      });
      await expect(ctx.api.startRecording({ profile: 'anthropic', protocol: 'chat-completions', messages: conversation })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'startRecording: protocol: Anthropic serves anthropic-messages only, not chat-completions',
      });
      await expect(ctx.api.startRecording({ profile: 'simulator', protocol: 'anthropic-messages', messages: conversation, includeUsage: true })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: "startRecording: includeUsage is Chat Completions' own: a Messages stream always carries its usage",
      });
      expect((await ctx.api.listRecordings({})).total).toBe(0);
    });

    it('lists the dialects each profile serves, and the scenarios of each dialect', async () => {
      const profiles = await ctx.api.listProfiles({});
      expect(Object.fromEntries(profiles.filter((profile) => profile.protocols.length > 1 || profile.protocols[0] !== 'chat-completions').map((profile) => [profile.name, profile.protocols]))).toEqual({
        openai: ['chat-completions', 'responses'],
        anthropic: ['anthropic-messages'],
        gemini: ['gemini'],
        bedrock: ['bedrock-converse'],
        simulator: ['chat-completions', 'responses', 'anthropic-messages', 'gemini', 'bedrock-converse'],
      });
      expect(profiles.find((profile) => profile.name === 'anthropic')).toMatchObject({ needsKey: true, baseUrl: 'https://api.anthropic.com/v1' });
      expect((await ctx.api.listScenarios({ protocol: 'chat-completions' })).map((scenario) => scenario.name)).toEqual(scenariosOf('chat-completions').map((scenario) => scenario.name));
      expect(await ctx.api.listScenarios({ protocol: 'responses' })).toEqual(scenariosOf('responses').map((scenario) => ({ name: scenario.name, model: `sim-${scenario.name}`, description: descriptionIn(scenario, 'responses') })));
      expect((await ctx.api.listScenarios({ protocol: 'anthropic-messages' })).map((scenario) => scenario.model)).toEqual(scenariosOf('anthropic-messages').map((scenario) => `sim-${scenario.name}`));
    });
  });
}
