// A body as a server answered a battery's request: status 200 and text/event-stream unless said,
// in one read, to the path the dialect's SDK posts to (so the analysis is told the dialect), then
// analysed. What each battery's test judges. Pure, as shared/ is (it is compiled with it).

import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import { descriptorOf } from '../../dialects/registry.ts';
import type { Protocol } from '../../dialects/types.ts';

export type Served = (body: string, response?: { readonly status?: number; readonly contentType?: string }) => Analysis;

export function servedBy(protocol: Protocol): Served {
  return (body, response = {}) =>
    analyzeRecording({
      source: 'ssrec',
      startedAt: '2026-11-30T08:00:00.000Z',
      request: { method: 'POST', url: `http://127.0.0.1:9${descriptorOf(protocol).path}`, headers: {}, body: null },
      response: { t: 1, status: response.status ?? 200, httpVersion: '1.1', headers: { 'content-type': response.contentType ?? 'text/event-stream' } },
      reads: [{ t: 5, bytes: new TextEncoder().encode(body) }],
      end: { t: 5, outcome: 'eof' },
    });
}
