import { describe, expect, it } from 'vitest';
import { EMPTY_PROXY_FORM, forwardable, isAbsolutePath, readOrigin, readProxyForm } from './proxy-form.ts';

describe('the capture proxy form as a ProxyStart', () => {
  it('waits, saying why, until it has somewhere to forward to', () => {
    expect(readProxyForm(EMPTY_PROXY_FORM)).toEqual({ input: null, errors: {}, waiting: ['Choose a built-in profile or give an upstream URL.'] });
  });

  it('sends a profile alone, a free port, no cassettes and the default encoding by leaving them out', () => {
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, profiles: ['simulator'] })).toEqual({ input: { profiles: ['simulator'] }, errors: {}, waiting: [] });
  });

  it('sends every option filled in: the upstreams one a line, trimmed, the port, the encoding, the origins and the cassettes', () => {
    const read = readProxyForm({
      profiles: ['openai', 'simulator', 'openai'],
      upstreams: ' https://openrouter.ai/api/v1 \n\nhttps://RES.openai.azure.com/openai/deployments/d?api-version=2024-10-21\n',
      port: ' 8787 ',
      cassetteDir: ' /home/me/app/cassettes ',
      cassetteMode: 'auto',
      keepEncoding: true,
      allowOrigins: 'http://localhost:3000/, https://app.example.com\nhttp://localhost:3000',
    });
    expect(read).toEqual({
      input: {
        profiles: ['openai', 'simulator'],
        upstreams: [{ url: 'https://openrouter.ai/api/v1' }, { url: 'https://RES.openai.azure.com/openai/deployments/d?api-version=2024-10-21' }],
        port: 8787,
        keepEncoding: true,
        allowOrigins: ['http://localhost:3000', 'https://app.example.com'],
        cassettes: { dir: '/home/me/app/cassettes', mode: 'auto' },
      },
      errors: {},
      waiting: [],
    });
  });

  it('says beside each field what it takes when it does not read, and sends nothing', () => {
    const read = readProxyForm({
      ...EMPTY_PROXY_FORM,
      profiles: ['simulator'],
      upstreams: 'https://api.openai.com/v1\napi.openai.com/v1',
      port: '70000',
      cassetteDir: 'cassettes',
      allowOrigins: 'http://localhost:3000/app',
    });
    expect(read.input).toBeNull();
    expect(read.errors).toEqual({
      upstreams: 'Line 2: Takes an http or https URL such as https://api.openai.com/v1, not “api.openai.com/v1”.',
      port: 'Takes a port from 1 to 65535 (or nothing, for a free one), not “70000”.',
      cassetteDir: 'Give the folder’s full path (the backend opens it, not the page), not “cassettes”.',
      allowOrigins: 'Takes origins such as http://localhost:3000 (scheme, host and port, no path), not “http://localhost:3000/app”.',
    });
    expect(read.waiting).toEqual(['A field does not read: see the message beside it.']);
  });

  it('refuses a URL that is not http(s), carries credentials or a fragment, naming no line when there is one', () => {
    const upstreams = (text: string): string | undefined => readProxyForm({ ...EMPTY_PROXY_FORM, upstreams: text }).errors.upstreams;
    expect(upstreams('ftp://files.example.com/v1')).toBe('Takes an http or https URL, not “ftp://files.example.com/v1”.');
    expect(upstreams('https://user:sk-secret@api.openai.com/v1')).toBe('Leave the credentials out of the URL: your app sends its own key, and the proxy passes it on.');
    expect(upstreams('https://api.openai.com/v1#x')).toBe('A URL with a #fragment cannot be forwarded to: “https://api.openai.com/v1#x”.');
    // Empty lines are no upstreams, and no problem.
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, upstreams: '\n  \n' }).waiting).toEqual(['Choose a built-in profile or give an upstream URL.']);
  });

  it('takes no more upstreams and origins than the backend does', () => {
    const many = Array.from({ length: 21 }, (_, i) => `http://127.0.0.1:${8000 + i}/v1`);
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, upstreams: many.join('\n') }).errors.upstreams).toBe('At most 20 upstreams.');
    const origins = Array.from({ length: 51 }, (_, i) => `http://localhost:${3000 + i}`);
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, profiles: ['simulator'], allowOrigins: origins.join(' ') }).errors.allowOrigins).toBe('At most 50 origins.');
  });

  it('asks for no cassette mode without a folder: the mode chosen is sent only with one', () => {
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, profiles: ['simulator'], cassetteMode: 'replay' }).input).toEqual({ profiles: ['simulator'] });
    expect(readProxyForm({ ...EMPTY_PROXY_FORM, profiles: ['simulator'], cassetteDir: 'C:\\work\\cassettes', cassetteMode: 'replay' }).input).toEqual({ profiles: ['simulator'], cassettes: { dir: 'C:\\work\\cassettes', mode: 'replay' } });
  });
});

describe('the parts of the form', () => {
  it('offers the simulator and the profiles with a fixed URL, not one that needs the user’s own (Azure)', () => {
    expect(forwardable({ name: 'simulator', baseUrl: null })).toBe(true);
    expect(forwardable({ name: 'openai', baseUrl: 'https://api.openai.com/v1' })).toBe(true);
    expect(forwardable({ name: 'azure', baseUrl: null })).toBe(false);
  });

  it('reads an origin with or without its trailing slash, and nothing with a path, a query or another scheme', () => {
    expect(readOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(readOrigin('HTTPS://App.Example.com/')).toBe('https://app.example.com');
    for (const text of ['localhost:3000', 'http://localhost:3000/x', 'http://localhost:3000?a=1', 'file:///tmp', 'null']) expect(readOrigin(text), text).toBeNull();
  });

  it('tells a full path from a relative one, on POSIX and Windows', () => {
    for (const path of ['/home/me/cassettes', 'C:\\cassettes', 'd:/cassettes', '\\\\server\\share\\cassettes']) expect(isAbsolutePath(path), path).toBe(true);
    for (const path of ['cassettes', './cassettes', '~/cassettes', 'C:cassettes']) expect(isAbsolutePath(path), path).toBe(false);
  });
});
