import { describe, expect, it } from 'vitest';
import { toBase64 } from './bytes.ts';
import { parseHar } from './har.ts';

describe('HAR import', () => {
  const entry = (overrides: Record<string, unknown> = {}) => ({
    startedDateTime: '2026-11-30T08:00:00.000Z',
    time: 300,
    request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [{ name: ':authority', value: 'api.openai.com' }, { name: 'accept', value: 'a' }, { name: 'Accept', value: 'b' }], postData: { mimeType: 'application/json', text: '{"model":"m","stream":true}' } },
    response: { status: 200, httpVersion: 'h2', headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text: 'data: [DONE]\n\n' } },
    timings: { blocked: 2, dns: -1, connect: 10, ssl: 8, send: 1, wait: 87, receive: 200 },
    ...overrides,
  });
  const har = (...entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });

  it('takes the time to the first byte from the timings, the version from httpVersion, and drops HTTP/2 pseudo-headers', () => {
    const result = parseHar(har(entry()));
    if (!result.ok) throw new Error(result.error);
    const { recording } = result.value[0]!;
    expect(recording.response).toEqual({ t: 100, status: 200, httpVersion: '2', headers: { 'content-type': 'text/event-stream' } });
    expect(recording.request!.headers).toEqual({ accept: 'a, b' });
    expect(recording.end).toEqual({ t: 300, outcome: 'eof' });
    expect(recording.startedAt).toBe('2026-11-30T08:00:00.000Z');
  });

  it('reads a base64 body, and a failed entry (Chrome\'s _error) as an error ending', () => {
    const result = parseHar(har(entry({ response: { status: 200, headers: [], _error: 'net::ERR_CONNECTION_RESET', content: { mimeType: 'text/event-stream', text: toBase64(new TextEncoder().encode('data: {}\n\n')), encoding: 'base64' } } })));
    if (!result.ok) throw new Error(result.error);
    expect(new TextDecoder().decode(result.value[0]!.recording.reads[0]!.bytes)).toBe('data: {}\n\n');
    expect(result.value[0]!.recording.end).toEqual({ t: 300, outcome: 'error', error: 'net::ERR_CONNECTION_RESET' });
  });

  it('leaves out a redirect on the way to the stream', () => {
    const redirect = entry({ response: { status: 307, headers: [{ name: 'Location', value: 'https://api.openai.com/v1/chat/completions' }], content: { mimeType: 'text/html', text: 'moved' } } });
    const result = parseHar(har(redirect, entry()));
    expect(result.ok && result.value.map((item) => item.entry)).toEqual([1]);
  });

  it.each([
    ['not json', 'not JSON'],
    ['{"log":{}}', 'not a HAR file (no log.entries array)'],
    [har(), 'no streamed entry among 0'],
    [har({ request: {}, response: { status: 200, content: { mimeType: 'text/event-stream' } } }), 'entry 0: the request has no "url"'],
    [har(entry(), entry({ response: { status: 200, headers: [], content: { mimeType: 'text/event-stream' } } })), 'entry 1: the response has no body (content.text)'],
    [har(entry({ response: { status: 200, headers: 'x', content: {} } })), 'entry 0: response "headers" must be an array'],
    [har(entry({ response: { status: 200, content: { mimeType: 'text/event-stream', text: 'x', encoding: 'gzip' } } })), 'entry 0: unsupported content.encoding "gzip"'],
  ])('refuses %s, naming the entry', (input, error) => {
    const result = parseHar(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(error);
  });
});
