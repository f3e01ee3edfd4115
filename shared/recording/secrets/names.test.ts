import { describe, expect, it } from 'vitest';
import type { Recording } from '../types.ts';
import { secretsToMask } from './echoes.ts';
import { HARMLESS_HEADERS, looksRandom } from './high-entropy.ts';
import { hasSecretWord, isSecretHeader, KNOWN_SECRET_HEADERS } from './names.ts';
import { redactHeaders, redactRandomValues, redactRecording, redactUrl } from './redact.ts';

const KEY = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('secrets under other names', () => {
  it('redacts the gateways’ and clouds’ key headers, each known name and every name with a secret word', () => {
    const named = ['x-rapidapi-key', 'x-functions-key', 'x-access-key', 'x-portkey-virtual-key', 'api-key', 'ocp-apim-subscription-key', 'x-goog-api-key', 'proxy-authorization', 'x-code', 'X-Hub-Signature-256', 'x-user-password', 'x-credential', 'x-amz-security-token', 'X-ApiKey', 'x-session-token', 'helicone-auth'];
    const redacted = redactHeaders(Object.fromEntries(named.map((name) => [name, KEY])));
    expect(Object.values(redacted)).toEqual(named.map(() => '…0a08'));
    expect(KNOWN_SECRET_HEADERS.every((name) => isSecretHeader(name))).toBe(true);
  });

  it('leaves headers that only look like it alone: encodings, counts, ids, error codes, nonces', () => {
    const headers = {
      'content-encoding': 'gzip',
      'accept-encoding': 'gzip, br',
      accept: 'text/event-stream',
      'x-request-id': 'req_0123456789abcdef',
      'x-ratelimit-remaining-tokens': '149984',
      'anthropic-ratelimit-input-tokens-limit': '400000',
      'x-ms-error-code': 'ContentFilter',
      'keep-alive': 'timeout=5',
      'x-tokenizer': 'cl100k_base',
      'idempotency-key': 'stainless-node-retry-4d3c2b1a',
      'www-authenticate': 'Bearer realm="api"',
    };
    expect(redactHeaders(headers)).toEqual(headers);
  });

  it('redacts ?code= (Azure Functions), ?subscription-key= and the camel-case names in a query, keeping the rest exactly', () => {
    expect(redactUrl(`https://fn.azurewebsites.net/api/chat?code=${KEY}&subscription-key=${KEY}&apiKey=${KEY}&encoding=utf-8&country_code=FR&stream=true`)).toBe(
      'https://fn.azurewebsites.net/api/chat?code=…0a08&subscription-key=…0a08&apiKey=…0a08&encoding=utf-8&country_code=FR&stream=true',
    );
    expect(['code', 'x-code', 'auth_code', 'access_token', 'clientSecret'].map(hasSecretWord)).toEqual([true, true, true, true, true]);
    expect(['encoding', 'content-encoding', 'error_code', 'max_tokens', 'keyboard', 'monkey'].map(hasSecretWord)).toEqual([false, false, false, false, false, false]);
  });

  it('redacts a --redact-header name, any case, and looks for its value wherever the response echoes it', () => {
    expect(redactHeaders({ 'X-Tenant-Pass': KEY, 'x-tenant': 'acme' }, ['x-tenant-pass'])).toEqual({ 'X-Tenant-Pass': '…0a08', 'x-tenant': 'acme' });
    expect(redactHeaders({ 'X-Tenant-Pass': KEY })).toEqual({ 'X-Tenant-Pass': KEY });
    expect(secretsToMask('http://h/v1?code=abcdefgh1234', { 'x-tenant-pass': KEY }, ['X-Tenant-Pass'])).toEqual([KEY, 'abcdefgh1234']);
  });

  it('masks an echo of a key sent under another name in the response, at its length', () => {
    const echo = `{"debug":{"x-rapidapi-key":"${KEY}"}}`;
    const recording: Recording = {
      source: 'ssrec',
      startedAt: null,
      request: { method: 'POST', url: `http://h/api?code=${KEY.slice(0, 40)}`, headers: { 'x-rapidapi-key': KEY }, body: null },
      response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'x-echo': KEY } },
      reads: [{ t: 2, bytes: new TextEncoder().encode(echo) }],
      end: { t: 3, outcome: 'eof' },
    };
    const redacted = redactRecording(recording);
    const masked = '*'.repeat(KEY.length - 4) + '0a08';
    expect(redacted.request!.headers).toEqual({ 'x-rapidapi-key': '…0a08' });
    expect(redacted.request!.url).toBe(`http://h/api?code=…${KEY.slice(36, 40)}`);
    expect(redacted.response!.headers).toEqual({ 'x-echo': masked });
    expect(new TextDecoder().decode(redacted.reads[0]!.bytes)).toBe(`{"debug":{"x-rapidapi-key":"${masked}"}}`);
  });
});

describe('random-looking header values (what a cassette redacts)', () => {
  const SESSION = 'Zt4pQ9vX2mK7wR1bN8yL3cF6hJ0sD5gA';

  it('redacts a run of 32+ base64 or hex characters with high entropy in a header of unknown name, the rest of the value kept', () => {
    expect(redactRandomValues({ 'x-session': SESSION, 'x-trail': `v=1; s=${KEY}`, 'x-hash': 'deadbeef' })).toEqual({ 'x-session': '…D5gA', 'x-trail': 'v=1; s=…0a08', 'x-hash': 'deadbeef' });
  });

  it('keeps request and trace ids, harmless headers, words and repeated characters', () => {
    const headers = {
      'x-request-id': KEY,
      'openai-request-id': SESSION,
      'x-amzn-requestid': crypto.randomUUID(),
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      'content-encoding': 'gzip',
      accept: 'text/event-stream',
      etag: `"${KEY}"`,
      'x-feature': 'fine-grained-tool-streaming-2025-05-14',
      'x-padding': 'a1'.repeat(20),
    };
    expect(redactRandomValues(headers)).toEqual(headers);
    expect(HARMLESS_HEADERS).toContain('user-agent');
    expect([SESSION, KEY, crypto.randomUUID()].map(looksRandom)).toEqual([true, true, true]);
    expect(['max-tokens-3-5-sonnet-2024-07-15', '/v1/threads/thread_abc123/messages/msg_1', 'a1'.repeat(20), 'x'.repeat(40)].map(looksRandom)).toEqual([false, false, false, false]);
  });

  it('is what redactRecording adds with randomValues, after the rules by name', () => {
    const recording: Recording = {
      source: 'ssrec',
      startedAt: null,
      request: { method: 'POST', url: 'http://h/v1', headers: { 'x-session': SESSION, authorization: `Bearer ${KEY}` }, body: null },
      response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'x-upstream-session': SESSION, 'x-request-id': SESSION } },
      reads: [],
      end: { t: 3, outcome: 'eof' },
    };
    expect(redactRecording(recording).request!.headers['x-session']).toBe(SESSION);
    const cassette = redactRecording(recording, { randomValues: true });
    expect(cassette.request!.headers).toEqual({ 'x-session': '…D5gA', authorization: 'Bearer …0a08' });
    expect(cassette.response!.headers).toEqual({ 'x-upstream-session': '…D5gA', 'x-request-id': SESSION });
  });
});
