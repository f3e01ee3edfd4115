import { describe, expect, it } from 'vitest';
import { isSecretHeader } from './names.ts';
import { redactHeaders, redactUrl } from './redact.ts';
import { redactSecret } from './remainder.ts';

const KEY = 'sk-proj-4f9QxZ2mP8vL1nR7tY3wK6bH0cJ5dG2aE9uS1a1b2';

describe('redactHeaders', () => {
  it('keeps the scheme, the key prefix and the last 4 characters of secret headers', () => {
    expect(
      redactHeaders({
        Authorization: `Bearer ${KEY}`,
        'Proxy-Authorization': 'Basic dXNlcjpwYXNzd29yZDEyMzQ1Njc4',
        'api-key': '0123456789abcdef0123456789abcdef',
        'x-api-key': 'sk-ant-api03-Zm9vYmFyYmF6cXV4cXV1eHh5ejEyMzQ1Njc4OTA',
        'x-goog-api-key': 'AIzaSyD-1234567890abcdefghijklmnopqrstu',
        Cookie: 'session=abcdef0123456789; theme=dark',
        'Set-Cookie': 'id=a3fWa; Expires=Thu, 21 Oct 2031 07:28:00 GMT',
        'X-Auth-Token': 'tok_0123456789abcdef',
        'x-client-secret': 'shhh',
        'ocp-apim-subscription-key': 'abcdef0123456789abcdef0123456789',
      }),
    ).toEqual({
      Authorization: 'Bearer sk-proj-…a1b2',
      'Proxy-Authorization': 'Basic …Njc4',
      'api-key': '…cdef',
      'x-api-key': 'sk-ant-…4OTA',
      'x-goog-api-key': '…rstu',
      Cookie: 'session=…6789; theme=…',
      'Set-Cookie': 'id=…; Expires=Thu, 21 Oct 2031 07:28:00 GMT',
      'X-Auth-Token': 'tok_…cdef',
      'x-client-secret': '…',
      'ocp-apim-subscription-key': '…6789',
    });
  });

  it('masks values of 8 characters or fewer whole, scheme kept', () => {
    expect(redactHeaders({ authorization: 'Bearer abcd1234', 'x-api-key': '12345678', 'api-key': '123456789' })).toEqual({
      authorization: 'Bearer …',
      'x-api-key': '…',
      'api-key': '…6789',
    });
  });

  it('leaves other headers alone, rate-limit token counts included', () => {
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-remaining-tokens': '149984',
      'anthropic-ratelimit-output-tokens-remaining': '8000',
      'openai-organization': 'user-abc',
      'x-request-id': 'req_0123456789abcdef',
      ':authority': 'api.openai.com',
      'user-agent': 'streamscope/0.1',
    };
    expect(redactHeaders(headers)).toEqual(headers);
    expect(['x-ratelimit-limit-tokens', 'author', 'x-tokenizer'].map((name) => isSecretHeader(name))).toEqual([false, false, false]);
    expect(['x-access-token', 'x-amz-security-token', 'X-Api-Token', 'auth', 'x-apikey', 'my_secret'].map((name) => isSecretHeader(name))).toEqual([true, true, true, true, true, true]);
  });

  it('is idempotent: a redacted value stays as it is', () => {
    const once = redactHeaders({ authorization: `Bearer ${KEY}`, 'x-api-key': KEY, cookie: 'a=1234567890' });
    expect(redactHeaders(once)).toEqual(once);
    expect(redactSecret('Bearer sk-…a1b2')).toBe('Bearer sk-…a1b2');
    expect(redactSecret('…')).toBe('…');
  });
});

describe('redactUrl', () => {
  it('redacts key, api_key, token and the like in the query, keeping the rest exactly', () => {
    expect(redactUrl(`https://generativelanguage.googleapis.com/v1beta/openai/chat/completions?alt=sse&key=AIzaSyD-1234567890abcdefghijklmnopqrstu`)).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions?alt=sse&key=…rstu',
    );
    expect(redactUrl(`http://h/v1?api_key=${KEY}&token=abc&model=gpt-4o&x=%20y#frag`)).toBe('http://h/v1?api_key=sk-proj-…a1b2&token=…&model=gpt-4o&x=%20y#frag');
    expect(redactUrl('http://h/v1?access_token=0123456789abcdef&API-KEY=0123456789abcdef&sig=0123456789abcdef')).toBe('http://h/v1?access_token=…cdef&API-KEY=…cdef&sig=…cdef');
  });

  it('redacts a password in the URL, and leaves a URL without secrets untouched', () => {
    expect(redactUrl('https://user:hunter2hunter2@proxy.test:8080/v1/chat/completions')).toBe('https://user:…ter2@proxy.test:8080/v1/chat/completions');
    for (const url of ['https://api.openai.com/v1/chat/completions', 'http://127.0.0.1:8080/v1?stream=1&keyboard=2', 'https://user@host/p', 'not a url']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('is idempotent', () => {
    const once = redactUrl(`https://user:pass1234567890@h/v1?key=${KEY}&token=${KEY}`);
    expect(redactUrl(once)).toBe(once);
    expect(once).not.toContain(KEY.slice(10, 22));
  });
});

describe('redactSecret', () => {
  it('keeps only a known public prefix, never a random part taken for one', () => {
    expect(redactSecret('sk-or-v1-0123456789abcdef0123456789abcdef')).toBe('sk-or-…cdef');
    expect(redactSecret('gsk_0123456789abcdef0123456789abcdef')).toBe('gsk_…cdef');
    expect(redactSecret('rk_live_0123456789abcdef0123456789')).toBe('rk_live_…6789');
    expect(redactSecret('abcde-fghij-klmno-pqrst-uvwxy')).toBe('…vwxy');
    expect(redactSecret('Ab-Cdefghijklmnopqrstuvwxyz')).toBe('…wxyz');
    // The prefix is dropped when too little would stay hidden behind it.
    expect(redactSecret('sk-0123456789ab')).toBe('…89ab');
  });
});
