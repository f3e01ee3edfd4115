// The proxy's own answers: one-line JSON errors that say they came from Streamscope's proxy, not
// from the upstream (docs/capture.md, "How exchanges end"), in the `{"error": {…}}` shape clients parse.

import type { ServerResponse } from 'node:http';

export type ProxyErrorCode = 'upstream_unreachable' | 'no_route' | 'foreign_host' | 'origin_refused' | 'cross_site' | 'request_too_large' | 'no_cassette' | 'proxy_failure';

export function proxyErrorBody(code: ProxyErrorCode, message: string, extra: Readonly<Record<string, unknown>> = {}): string {
  return JSON.stringify({ error: { message: `Streamscope proxy: ${message}`, type: 'proxy_error', code, ...extra } });
}

/** Sends a proxy error (unless the head is already out); returns the bytes of its body. */
export function sendProxyError(res: ServerResponse, status: number, code: ProxyErrorCode, message: string, extra?: Readonly<Record<string, unknown>>): number {
  const body = proxyErrorBody(code, message, extra);
  if (res.headersSent) {
    res.destroy();
    return 0;
  }
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-streamscope-proxy': 'error' });
  res.end(body);
  return Buffer.byteLength(body);
}
