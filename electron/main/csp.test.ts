import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../backend/serve/security.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { renderHtmlReport } from '../../shared/export/html/page.ts';
import { realStream } from '../../shared/test/streams.ts';
import { allowReportStyle, cspFromHtml, relaxForDevServer, withPolicyHeader } from './csp.ts';

const rendererHtml = readFileSync(join(import.meta.dirname, '../../renderer/index.html'), 'utf8');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directives = (policy: string | null) => new Map((policy ?? '').split(';').map((part) => {
  const [name = '', ...sources] = part.trim().split(/\s+/);
  return [name, sources] as const;
}));

describe('cspFromHtml', () => {
  it("reads the renderer's own policy: scripts from the app only, no plugins, no base or form targets", () => {
    const policy = directives(cspFromHtml(rendererHtml));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('finds the tag whatever the attribute order, quotes and case, and decodes entities', () => {
    expect(cspFromHtml(`<META CONTENT='default-src &apos;none&apos;' HTTP-EQUIV='Content-Security-Policy'>`)).toBe("default-src 'none'");
    expect(cspFromHtml('<meta\n  http-equiv="content-security-policy"\n  content="\n  img-src &#39;self&#39; data:\n"\n/>')).toBe("img-src 'self' data:");
  });

  it('finds no policy in a page without one, or with an empty one', () => {
    expect(cspFromHtml('<html><head><meta charset="utf-8"></head></html>')).toBeNull();
    expect(cspFromHtml('<meta http-equiv="Content-Security-Policy" content="  ">')).toBeNull();
    expect(cspFromHtml('<meta http-equiv="Content-Security-Policy-Report-Only" content="default-src \'none\'">')).toBeNull();
  });
});

describe('withPolicyHeader', () => {
  it('sets the policy and drops any policy the response carried, however its name was spelled', () => {
    expect(
      withPolicyHeader({ 'content-type': ['text/html'], 'content-security-policy': ['default-src *'], 'Content-Security-Policy': ['script-src *'] }, "default-src 'self'"),
    ).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
  });

  it('works on a response that had no headers (file: pages)', () => {
    expect(withPolicyHeader(undefined, "default-src 'self'")).toEqual({ 'Content-Security-Policy': ["default-src 'self'"] });
  });
});

describe('relaxForDevServer', () => {
  const preamble = 'import { injectIntoGlobalHook } from "/@react-refresh";\ninjectIntoGlobalHook(window);';
  const devHtml = rendererHtml.replace('</head>', `<script type="module" src="/@vite/client"></script>\n<script type="module">${preamble}</script>\n</head>`);

  it("allows Vite's <style> elements and exactly the inline scripts the page holds, by hash", () => {
    const policy = directives(cspFromHtml(relaxForDevServer(devHtml)));
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(preamble)]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('changes nothing but the policy', () => {
    const relaxed = relaxForDevServer(devHtml);
    const policy = cspFromHtml(devHtml) ?? '';
    expect(relaxed.replace(cspFromHtml(relaxed) ?? '', policy)).toBe(devHtml.replace(/content="[^"]*"/, `content="${policy}"`));
  });

  it('adds a directive that was absent from the sources of default-src', () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'"><script>go()</script>`;
    expect(cspFromHtml(relaxForDevServer(html))).toBe(`default-src 'self'; object-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self' ${sha256('go()')}`);
  });

  it('leaves a page without a policy alone', () => {
    expect(relaxForDevServer('<script>go()</script>')).toBe('<script>go()</script>');
  });
});

describe('allowReportStyle', () => {
  it('allows exactly the stylesheet an HTML report carries, by its hash, and nothing else', () => {
    const report = renderHtmlReport(recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    const hash = sha256(/<style>([\s\S]*?)<\/style>/.exec(report)![1]!);
    const before = directives(cspFromHtml(rendererHtml));
    const after = directives(cspFromHtml(allowReportStyle(rendererHtml)));
    expect(after.get('style-src')).toEqual([...before.get('style-src')!, hash]);
    expect(new Map([...after].filter(([name]) => name !== 'style-src'))).toEqual(new Map([...before].filter(([name]) => name !== 'style-src')));
    // Serve mode's header says the same.
    expect(directives(CONTENT_SECURITY_POLICY).get('style-src')).toEqual(["'self'", hash]);
  });
});
