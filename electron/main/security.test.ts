import { describe, expect, it } from 'vitest';
import { externalLinkDecision, isAppPage, isTrustedSender } from './security.ts';

const builtApp = 'app://streamscope/index.html';
const devApp = 'http://localhost:5173/';

describe('isAppPage', () => {
  it('accepts any page of the app:// origin, with any query or fragment', () => {
    expect(isAppPage(builtApp, builtApp)).toBe(true);
    expect(isAppPage(`${builtApp}#/recordings/3`, builtApp)).toBe(true);
    expect(isAppPage(`${builtApp}?view=live`, builtApp)).toBe(true);
    expect(isAppPage('app://streamscope/', builtApp)).toBe(true);
  });

  it('refuses another host of the scheme, another scheme, and every file: URL, the built page on disk included', () => {
    expect(isAppPage('app://evil/index.html', builtApp)).toBe(false);
    expect(isAppPage('app://streamscope.evil/index.html', builtApp)).toBe(false);
    expect(isAppPage('https://streamscope/index.html', builtApp)).toBe(false);
    expect(isAppPage('file:///opt/Streamscope/resources/app.asar/out/renderer/index.html', builtApp)).toBe(false);
    expect(isAppPage('file:///etc/passwd', builtApp)).toBe(false);
  });

  it('never treats an app URL of file: as ours, so no file on disk is ever trusted', () => {
    const fileApp = 'file:///opt/Streamscope/resources/app.asar/out/renderer/index.html';
    expect(isAppPage(fileApp, fileApp)).toBe(false);
    expect(isAppPage('file:///etc/passwd', fileApp)).toBe(false);
  });

  it('accepts any path of the dev server, and nothing of another origin', () => {
    expect(isAppPage('http://localhost:5173/src/App.tsx', devApp)).toBe(true);
    expect(isAppPage('http://localhost:5174/', devApp)).toBe(false);
    expect(isAppPage('https://localhost:5173/', devApp)).toBe(false);
    expect(isAppPage('http://127.0.0.1:5173/', devApp)).toBe(false);
    expect(isAppPage('file:///index.html', devApp)).toBe(false);
  });

  it('refuses what is not a URL at all', () => {
    expect(isAppPage('', builtApp)).toBe(false);
    expect(isAppPage('index.html', builtApp)).toBe(false);
    expect(isAppPage(builtApp, 'not a url')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it("trusts only the top frame of the app's page", () => {
    expect(isTrustedSender({ url: builtApp, parent: null }, builtApp)).toBe(true);
    expect(isTrustedSender({ url: `${devApp}#/`, parent: null }, devApp)).toBe(true);
  });

  it('refuses a sub-frame, even one showing our page, a foreign page, and a frame that is gone', () => {
    expect(isTrustedSender({ url: builtApp, parent: { url: builtApp } }, builtApp)).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', parent: null }, builtApp)).toBe(false);
    expect(isTrustedSender({ url: 'about:blank', parent: null }, builtApp)).toBe(false);
    expect(isTrustedSender(null, builtApp)).toBe(false);
    expect(isTrustedSender(undefined, builtApp)).toBe(false);
  });
});

describe('externalLinkDecision', () => {
  it('opens https links, and http links to this machine, as normalised URLs', () => {
    expect(externalLinkDecision('https://platform.openai.com/docs/api-reference/chat-streaming')).toEqual({
      action: 'open',
      url: 'https://platform.openai.com/docs/api-reference/chat-streaming',
    });
    expect(externalLinkDecision('HTTPS://Example.COM')).toEqual({ action: 'open', url: 'https://example.com/' });
    expect(externalLinkDecision('http://127.0.0.1:8088/v1/models')).toEqual({ action: 'open', url: 'http://127.0.0.1:8088/v1/models' });
    expect(externalLinkDecision('http://localhost:11434/')).toEqual({ action: 'open', url: 'http://localhost:11434/' });
    expect(externalLinkDecision('http://[::1]:1234/')).toEqual({ action: 'open', url: 'http://[::1]:1234/' });
  });

  it('asks first for plain http elsewhere, for credentials in the link, and for international host names', () => {
    expect(externalLinkDecision('http://example.com/page')).toEqual({
      action: 'confirm',
      url: 'http://example.com/page',
      reason: 'The link is not encrypted (http, not https).',
    });
    expect(externalLinkDecision('https://user:secret@example.com/')).toEqual({
      action: 'confirm',
      url: 'https://user:secret@example.com/',
      reason: 'The link carries a user name or password.',
    });
    expect(externalLinkDecision('https://аpple.com/')).toEqual({
      action: 'confirm',
      url: 'https://xn--pple-43d.com/',
      reason: "The host name xn--pple-43d.com is written with international characters, which can imitate another site's name.",
    });
  });

  it('never opens another scheme, and says which one it refused', () => {
    expect(externalLinkDecision('file:///etc/passwd')).toEqual({ action: 'refuse', reason: 'links with the file: scheme are never opened: "file:///etc/passwd"' });
    expect(externalLinkDecision('javascript:alert(1)')).toEqual({ action: 'refuse', reason: 'links with the javascript: scheme are never opened: "javascript:alert(1)"' });
    expect(externalLinkDecision('smb://server/share')).toMatchObject({ action: 'refuse' });
    expect(externalLinkDecision('ms-msdt:/id PCWDiagnostic')).toMatchObject({ action: 'refuse' });
  });

  it('refuses what is not a URL, quoting at most 100 characters of it', () => {
    expect(externalLinkDecision('not a url')).toEqual({ action: 'refuse', reason: 'not a valid URL: "not a url"' });
    const long = `data:text/html,${'x'.repeat(5000)}`;
    const decision = externalLinkDecision(long);
    expect(decision).toEqual({ action: 'refuse', reason: `links with the data: scheme are never opened: "${long.slice(0, 100)}…"` });
  });
});
