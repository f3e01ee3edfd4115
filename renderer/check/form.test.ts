import { describe, expect, it } from 'vitest';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { formFor, keyTarget, readForm, withProfile } from './form.ts';

const simulator: ProfileInfo = { name: 'simulator', label: 'Simulator', baseUrl: null, defaultModel: null, needsKey: false, protocols: ['chat-completions', 'responses', 'anthropic-messages'], key: null, note: null };
const openai: ProfileInfo = { name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini', needsKey: true, protocols: ['chat-completions', 'responses'], key: { profile: 'openai', source: 'memory', suffix: '…a1b2' }, note: null };
const custom: ProfileInfo = { ...openai, name: 'custom', label: 'Custom', baseUrl: null, defaultModel: null, needsKey: false, protocols: ['chat-completions'] };

describe('the Check form', () => {
  it('checks the simulator in every dialect it serves with nothing more said', () => {
    expect(readForm(formFor(simulator), simulator)).toEqual({ input: { profile: 'simulator' }, waiting: [] });
  });

  it('sends only what differs from the profile’s defaults', () => {
    const form = { ...formFor(openai), protocols: ['responses' as const], model: ' gpt-4.1 ', concurrency: '4' };
    expect(readForm(form, openai)).toEqual({ input: { profile: 'openai', protocols: ['responses'], model: 'gpt-4.1', concurrency: 4 }, waiting: [] });
  });

  it('sends the key to another host only once the user confirmed that host', () => {
    const form = { ...formFor(openai), baseUrl: 'http://127.0.0.1:8000/v1' };
    expect(keyTarget(form, openai)).toBe('http://127.0.0.1:8000');
    expect(readForm(form, openai)).toEqual({ input: null, waiting: ['Confirm that the OpenAI key may go to http://127.0.0.1:8000, or leave the base URL empty.'] });
    expect(readForm({ ...form, sendKeyTo: 'http://127.0.0.1:8000' }, openai)).toEqual({ input: { profile: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', sendKeyTo: 'http://127.0.0.1:8000' }, waiting: [] });
    expect(keyTarget({ ...form, baseUrl: 'https://api.openai.com/v1' }, openai)).toBeNull();
  });

  it('sends headers, one Name: Value a line, and a timeout per request', () => {
    const form = { ...formFor(simulator), headers: 'anthropic-version: 2023-06-01\n\nx-trace: a:b', timeoutS: '2.5' };
    expect(readForm(form, simulator)).toEqual({ input: { profile: 'simulator', timeoutMs: 2500, headers: { 'anthropic-version': '2023-06-01', 'x-trace': 'a:b' } }, waiting: [] });
  });

  it('refuses a key among the headers, a line that is not a header and a timeout out of range', () => {
    expect(readForm({ ...formFor(simulator), headers: 'x-api-key: sk-secret' }, simulator).waiting).toEqual([
      'Header 1 (x-api-key): keys go through the profile (its key is saved once and sent as x-api-key); a secret header would be redacted in the recording and could not be resent.',
    ]);
    expect(readForm({ ...formFor(simulator), headers: 'just words', timeoutS: '0' }, simulator).waiting).toEqual(['Timeout: from 1 to 3600 seconds, or empty for 60.', 'Header 1: write it as Name: Value']);
  });

  it('says everything that keeps it from starting', () => {
    const form = { ...formFor(custom), baseUrl: 'ftp://x', protocols: [], concurrency: '0' };
    expect(readForm(form, custom).waiting).toEqual(['The base URL must be an http or https URL.', 'Tick at least one API.', 'Requests at once: a whole number from 1 to 16.', 'Give a model: the profile has no default.']);
    expect(readForm({ ...formFor(custom), model: 'm' }, custom).waiting).toEqual(['Custom has no base URL of its own: give one.']);
    expect(readForm(formFor(custom), undefined).waiting).toEqual(['Choose a profile.']);
  });

  it('ticks the new profile’s dialects and keeps the concurrency when the profile changes', () => {
    expect(withProfile({ ...formFor(simulator), concurrency: '3', model: 'sim-text' }, openai)).toEqual({ profile: 'openai', baseUrl: '', protocols: ['chat-completions', 'responses'], model: '', concurrency: '3', timeoutS: '', headers: '', sendKeyTo: '' });
  });
});
