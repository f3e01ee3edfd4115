import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL, appProtocolHandler, rendererFileFor } from './app-protocol.ts';

// A built renderer folder, with a secret beside it whose folder name starts like the renderer's.
const base = mkdtempSync(join(tmpdir(), 'streamscope-app-protocol-'));
const rendererDir = join(base, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
mkdirSync(join(base, 'renderer-private'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Streamscope</title>');
writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), 'console.log(1);');
writeFileSync(join(base, 'renderer-private', 'api-keys.json'), '{"openai":"secret"}');
writeFileSync(join(base, 'api-keys.json'), '{"openai":"secret"}');

const policy = "default-src 'self'; frame-src 'none'";

describe('which file a request for app://streamscope/… may be answered with', () => {
  it('is the page for the app URL and for the bare origin, and an asset by its path', () => {
    expect(rendererFileFor(APP_PAGE_URL, rendererDir)).toBe(join(rendererDir, 'index.html'));
    expect(rendererFileFor('app://streamscope/', rendererDir)).toBe(join(rendererDir, 'index.html'));
    expect(rendererFileFor('app://streamscope', rendererDir)).toBe(join(rendererDir, 'index.html'));
    expect(rendererFileFor('app://streamscope/assets/index-abc123.js?v=1#x', rendererDir)).toBe(join(rendererDir, 'assets', 'index-abc123.js'));
  });

  it('stays in the folder when the URL parser resolves a climb, as a browser does', () => {
    expect(rendererFileFor('app://streamscope/../api-keys.json', rendererDir)).toBe(join(rendererDir, 'api-keys.json'));
    expect(rendererFileFor('app://streamscope/%2e%2e/api-keys.json', rendererDir)).toBe(join(rendererDir, 'api-keys.json'));
    expect(rendererFileFor('app://streamscope/%2Fetc%2Fpasswd', rendererDir)).toBe(join(rendererDir, 'etc', 'passwd'));
  });

  it('is none for a path that climbs out of the renderer folder once decoded, however it is spelt', () => {
    for (const url of [
      'app://streamscope/%2E%2E%2Fapi-keys.json',
      'app://streamscope/assets/%2E%2E%2F%2E%2E%2Fapi-keys.json',
      'app://streamscope/..%2Frenderer-private/api-keys.json',
      'app://streamscope/%2e%2e%2frenderer-private%2fapi-keys.json',
      'app://streamscope/..%5Capi-keys.json',
      'app://streamscope/index.html%00.js',
      'app://streamscope/%E0%A4%A',
      'app://streamscope/.env',
    ]) {
      expect(rendererFileFor(url, rendererDir), url).toBeNull();
    }
  });

  it('is none for another host, another scheme, or what is not a URL', () => {
    expect(rendererFileFor('app://other/index.html', rendererDir)).toBeNull();
    expect(rendererFileFor(`file://${join(rendererDir, 'index.html')}`, rendererDir)).toBeNull();
    expect(rendererFileFor('https://streamscope/index.html', rendererDir)).toBeNull();
    expect(rendererFileFor('index.html', rendererDir)).toBeNull();
  });
});

describe('the app:// protocol handler', () => {
  const handle = appProtocolHandler({ rendererDir, policy });

  it('serves the page with its Content-Security-Policy header and an HTML type', async () => {
    const response = await handle({ url: APP_PAGE_URL, method: 'GET' });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
    });
    expect(await response.text()).toBe('<!doctype html><title>Streamscope</title>');
  });

  it('serves a module script as JavaScript (a module is refused under any other type)', async () => {
    const response = await handle({ url: 'app://streamscope/assets/index-abc123.js' });
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log(1);');
  });

  it('answers 404, reading nothing, for a climb out of the folder, a missing file, a folder, or a write', async () => {
    const read: string[] = [];
    const watched = appProtocolHandler({ rendererDir, policy, read: async (file) => (read.push(file), new Uint8Array()) });
    for (const url of ['app://streamscope/%2E%2E%2Fapi-keys.json', 'app://streamscope/%2e%2e%2frenderer-private%2fapi-keys.json', 'app://evil/index.html']) {
      expect((await watched({ url })).status, url).toBe(404);
    }
    expect((await watched({ url: APP_PAGE_URL, method: 'POST' })).status).toBe(404);
    expect(read).toEqual([]);
    expect((await handle({ url: 'app://streamscope/missing.js' })).status).toBe(404);
    const folder = await handle({ url: 'app://streamscope/assets' });
    expect([folder.status, await folder.text()]).toEqual([404, 'not found']);
  });
});
