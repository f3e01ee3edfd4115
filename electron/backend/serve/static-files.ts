// The built renderer (electron-vite build → out/renderer), served as files. Only files under the
// folder, by their plain names: no dot-files, no `..`, no folder listings. The page gets the
// Content-Security-Policy as a header too (the meta tag in index.html is the Electron window's).

import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security.ts';

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** The media type a file is sent with (a module script is refused under any but JavaScript's). */
export function mediaTypeOf(file: string): string {
  return MEDIA_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names under `root`, or null when it names none we serve. */
export function staticFile(root: string, pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path === '/' || path === '') path = '/index.html';
  if (path.includes('\0') || path.includes('\\') || path.split('/').some((part) => part.startsWith('.'))) return null;
  const file = normalize(join(root, path));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

/** Sends the file (HEAD: its headers only); false when there is no such file. */
export async function sendStaticFile(response: ServerResponse, file: string, headOnly: boolean): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    const body = await readFile(file);
    const extension = extname(file).toLowerCase();
    response.writeHead(200, {
      'content-type': mediaTypeOf(file),
      'content-length': body.length,
      // Vite's assets carry a content hash in their names; the page itself must be fetched fresh.
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(extension === '.html' ? { 'content-security-policy': CONTENT_SECURITY_POLICY } : {}),
    });
    response.end(headOnly ? undefined : body);
    return true;
  } catch {
    return false;
  }
}
