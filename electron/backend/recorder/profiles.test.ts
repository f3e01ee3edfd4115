// Which dialects each provider serves and how a request through it is sent: the endpoint, the key's
// header, Anthropic's version header; and the capture proxy's Anthropic upstream, whose SDK adds
// `/v1/messages` to its base URL itself.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../cli/output.ts';
import { proxyCommand } from '../cli/proxy.ts';
import { captureUpstreams, findProfile, keyAuthFor, keyHeader, PROFILES, protocolFor, withProtocolHeaders } from './profiles.ts';

const profile = (name: string) => findProfile(name)!;

describe('the dialects of each profile', () => {
  it('are chat and responses for OpenAI, messages for Anthropic, gemini for Gemini, bedrock-converse for Bedrock, all five for the simulator, and chat for every other', () => {
    const served = Object.fromEntries(PROFILES.map((each) => [each.name, each.protocols]));
    expect(served).toEqual({
      openai: ['chat-completions', 'responses'],
      azure: ['chat-completions'],
      anthropic: ['anthropic-messages'],
      gemini: ['gemini'],
      bedrock: ['bedrock-converse'],
      openrouter: ['chat-completions'],
      groq: ['chat-completions'],
      together: ['chat-completions'],
      fireworks: ['chat-completions'],
      deepseek: ['chat-completions'],
      mistral: ['chat-completions'],
      xai: ['chat-completions'],
      reflection: ['chat-completions'],
      vllm: ['chat-completions'],
      ollama: ['chat-completions'],
      lmstudio: ['chat-completions'],
      llamacpp: ['chat-completions'],
      simulator: ['chat-completions', 'responses', 'anthropic-messages', 'gemini', 'bedrock-converse'],
    });
  });

  it("give the profile's first when none is asked for, the one asked for when served, and null when not", () => {
    expect(protocolFor(profile('openai'))).toBe('chat-completions');
    expect(protocolFor(profile('openai'), 'responses')).toBe('responses');
    expect(protocolFor(profile('openai'), 'anthropic-messages')).toBeNull();
    expect(protocolFor(profile('anthropic'))).toBe('anthropic-messages');
    expect(protocolFor(profile('anthropic'), 'chat-completions')).toBeNull();
    expect(protocolFor(profile('groq'), 'responses')).toBeNull();
    expect(protocolFor(profile('simulator'), 'anthropic-messages')).toBe('anthropic-messages');
    // A base URL of the user's own, without a profile: any, chat by default.
    expect(protocolFor(undefined)).toBe('chat-completions');
    expect(protocolFor(undefined, 'anthropic-messages')).toBe('anthropic-messages');
  });
});

describe('the key and the headers of a request', () => {
  it("go as each profile sends them: Bearer, Azure's api-key, Anthropic's x-api-key; without a profile, as the dialect's SDK does", () => {
    expect(keyHeader(keyAuthFor(profile('openai'), 'responses'), 'k')).toEqual({ authorization: 'Bearer k' });
    expect(keyHeader(keyAuthFor(profile('azure'), 'chat-completions'), 'k')).toEqual({ 'api-key': 'k' });
    expect(keyHeader(keyAuthFor(profile('anthropic'), 'anthropic-messages'), 'k')).toEqual({ 'x-api-key': 'k' });
    expect(keyHeader(keyAuthFor(undefined, 'anthropic-messages'), 'k')).toEqual({ 'x-api-key': 'k' });
    expect(keyHeader(keyAuthFor(undefined, 'responses'), 'k')).toEqual({ authorization: 'Bearer k' });
    // A Bedrock API key is a bearer token, with the profile or without.
    expect(keyHeader(keyAuthFor(profile('bedrock'), 'bedrock-converse'), 'k')).toEqual({ authorization: 'Bearer k' });
    expect(keyHeader(keyAuthFor(undefined, 'bedrock-converse'), 'k')).toEqual({ authorization: 'Bearer k' });
    expect(profile('bedrock')).toMatchObject({ baseUrl: null, keyEnv: 'AWS_BEARER_TOKEN_BEDROCK' });
  });

  it('carry anthropic-version for Anthropic Messages unless the user gives one, in any case', () => {
    expect(withProtocolHeaders('anthropic-messages', { 'x-trace': 't' })).toEqual({ 'anthropic-version': '2023-06-01', 'x-trace': 't' });
    expect(withProtocolHeaders('anthropic-messages', { 'Anthropic-Version': '2024-10-22' })).toEqual({ 'Anthropic-Version': '2024-10-22' });
    expect(withProtocolHeaders('responses', { 'x-trace': 't' })).toEqual({ 'x-trace': 't' });
    expect(withProtocolHeaders('chat-completions')).toEqual({});
  });
});

describe('the capture proxy with the anthropic profile', () => {
  it('forwards to the base URL the Anthropic SDK takes, under /anthropic, and prints ANTHROPIC_BASE_URL for it', async () => {
    expect(captureUpstreams(['anthropic', 'openai'], [])).toEqual([
      { url: 'https://api.anthropic.com', name: 'anthropic' },
      { url: 'https://api.openai.com/v1', name: 'openai' },
    ]);
    const run = captureOutput();
    let bases: string[] = [];
    const db = join(mkdtempSync(join(tmpdir(), 'streamscope-profile-capture-')), 'capture.db');
    await proxyCommand(['--profile', 'anthropic', '--db', db], run, async (proxy) => {
      bases = proxy.bases.map((entry) => entry.baseUrl);
    });
    expect(bases).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/anthropic$/)]);
    expect(run.out).toContain(`${bases[0]}  →  https://api.anthropic.com\n`);
    expect(run.out).toContain(`ANTHROPIC_BASE_URL=${bases[0]}`);
    expect(run.out).toContain(`curl -N ${bases[0]}/v1/messages -H "x-api-key: $ANTHROPIC_API_KEY"`);
    expect(run.out).not.toContain('OPENAI_BASE_URL');
  });
});
