// The Content-Security-Policy has one source: the <meta> tag in renderer/index.html. The main
// process repeats that policy as a response header on the app's pages (a header also covers what a
// meta tag cannot: it applies before the document is parsed, and to workers), and the dev server
// relaxes it just enough for Vite's injected styles and scripts. CSP Level 3:
// https://www.w3.org/TR/CSP3/ (§ 3.1 the header, § 3.3 the meta element).

import { createHash } from 'node:crypto';
import { reportStyleSource } from '../backend/report-style.ts';

const META = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']content-security-policy["'][^>]*>/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** The policy an HTML page declares in its CSP meta tag, or null when it declares none. */
export function cspFromHtml(html: string): string | null {
  const tag = META.exec(html)?.[0];
  if (!tag) return null;
  const content = CONTENT.exec(tag);
  const policy = (content?.[1] ?? content?.[2] ?? '').trim();
  return policy === '' ? null : decodeEntities(policy);
}

/**
 * The response headers with the policy set, replacing any policy the response had (header names
 * are case-insensitive, and Electron hands them over as the server spelled them).
 */
export function withPolicyHeader(headers: Readonly<Record<string, string[]>> | undefined, policy: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = values;
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

/**
 * For the dev server only: the page's policy plus what Vite injects — `<style>` elements (CSS with
 * hot reload) and inline module scripts (React Fast Refresh's preamble), each allowed by the hash of
 * its exact text, never by 'unsafe-inline' for scripts. The built app keeps the strict policy.
 */
export function relaxForDevServer(html: string): string {
  const policy = cspFromHtml(html);
  if (policy === null) return html;
  const hashes = inlineScripts(html).map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  const relaxed = addSources(addSources(policy, 'style-src', ["'unsafe-inline'"]), 'script-src', hashes);
  return html.replace(META, (tag) => tag.replace(CONTENT, `content="${relaxed}"`));
}

/** The page with the HTML report's stylesheet allowed in its policy (../backend/report-style.ts), for the built app and the dev server. */
export function allowReportStyle(html: string): string {
  const policy = cspFromHtml(html);
  if (policy === null) return html;
  return html.replace(META, (tag) => tag.replace(CONTENT, `content="${addSources(policy, 'style-src', [reportStyleSource()])}"`));
}

/** The text of every <script> without a src, as the browser hashes it. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(match[1] ?? '') && (match[2] ?? '') !== '') scripts.push(match[2] ?? '');
  }
  return scripts;
}

function addSources(policy: string, directive: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((part) => part.trim()).filter((part) => part !== '');
  const find = (name: string) => directives.findIndex((part) => part.split(/\s+/)[0]?.toLowerCase() === name);
  const at = find(directive);
  if (at === -1) {
    // An absent directive falls back to default-src (CSP3 § 6.1.3): start from its sources.
    const fallback = directives[find('default-src')]?.split(/\s+/).slice(1) ?? [];
    return [...directives, [directive, ...fallback, ...sources.filter((source) => !fallback.includes(source))].join(' ')].join('; ');
  }
  const present = new Set(directives[at]!.split(/\s+/));
  directives[at] = [directives[at], ...sources.filter((source) => !present.has(source))].join(' ');
  return directives.join('; ');
}

function decodeEntities(text: string): string {
  return text.replace(/&(quot|apos|#39|amp|lt|gt);/g, (_, entity: string) => ({ quot: '"', apos: "'", '#39': "'", amp: '&', lt: '<', gt: '>' })[entity] ?? '');
}
