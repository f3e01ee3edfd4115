// `_eventSourceMessages` against the browser it imitates: every real capture and a set of hostile
// bodies are served to Debian's Chromium, whose own EventSource reports what it dispatched; the
// HAR export must list the same messages, with the same type, last event ID and data.

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, installed } from '../../electron/backend/system-tools.ts';
import { mixedBytes, realStreams, untimed } from '../test/streams.ts';
import { eventSourceMessages } from './har-messages.ts';

// The page's EventSource, as much of it as the test uses (this file is checked without DOM types).
interface DispatchedEvent {
  readonly type: string;
  readonly lastEventId: string;
  readonly data: string;
}
declare const EventSource: new (url: string) => { addEventListener(type: string, listener: (event: DispatchedEvent) => void): void; onerror: (() => void) | null; close(): void };

/** Bodies that take the standard's corners: each would be dispatched wrongly by a naive reading. */
const HOSTILE: readonly (readonly [string, Uint8Array])[] = [
  ['an empty event type', mixedBytes('event:\ndata: a\n\nevent\ndata: b\n\n')],
  ['IDs carried over, reset by an empty id, and one holding NUL ignored', mixedBytes('id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: 2\n\ndata: d\n\nid: x\0y\ndata: e\n\n')],
  ['events that dispatch nothing', mixedBytes(': comment\n\nretry: 10\n\nevent: lost\n\ndata: typed as message\n\nid: 3\nevent: x\n\n')],
  ['empty data lines', mixedBytes('data\n\ndata:\ndata:\n\ndata:  two spaces\n\n')],
  ['a byte order mark and every line ending', mixedBytes([0xef, 0xbb, 0xbf], 'data: bom\r\rdata: crlf\r\n\r\nevent: cr\rdata: x\r\r')],
  ['unknown and mis-cased fields', mixedBytes('ID: 5\nEvent: no\ndata: a\nfoo: bar\n\n')],
  ['bytes that are not UTF-8', mixedBytes('data: ', [0xff, 0xfe, 0xe2, 0x82], '\nid: ', [0xc3], '\n\n')],
  ['an event cut off by the end of the body', mixedBytes('data: whole\n\ndata: cut')],
];

let browser: Browser;
let page: Page;
let server: Server;
let origin: string;
const bodies = new Map<string, Uint8Array>();

const HAS_CHROMIUM = installed(CHROMIUM, 'chromium', 'export/har-messages-browser.test.ts');

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    const body = bodies.get(url);
    // Each body is served once: the EventSource's reconnection gets a 204, which ends it.
    if (url.startsWith('/stream/') && !body) return void response.writeHead(204).end();
    if (!body) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>event source</title>');
    bodies.delete(url);
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage();
  await page.goto(`${origin}/`);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let served = 0;
/** What Chromium's EventSource dispatches for `body`, listening for `message` and every type in `types`. */
async function dispatched(body: Uint8Array, types: readonly string[]): Promise<{ eventName: string; eventId: string; data: string }[]> {
  const path = `/stream/${++served}`;
  bodies.set(path, body);
  return page.evaluate(
    ({ path, types }) =>
      new Promise<{ eventName: string; eventId: string; data: string }[]>((resolve) => {
        const messages: { eventName: string; eventId: string; data: string }[] = [];
        const source = new EventSource(path);
        for (const type of new Set(['message', ...types])) source.addEventListener(type, (event) => messages.push({ eventName: event.type, eventId: event.lastEventId, data: event.data }));
        source.onerror = () => {
          source.close();
          resolve(messages);
        };
      }),
    { path, types },
  );
}

/** Every event type the body could name, found without the parser under test. */
function typesIn(body: Uint8Array): string[] {
  const text = new TextDecoder().decode(body);
  return [...text.matchAll(/^event:? ?([^\r\n]*)/gm)].map((match) => match[1]!);
}

describe.skipIf(!HAS_CHROMIUM)("the HAR export's _eventSourceMessages, against Chromium's EventSource", () => {
  it.each([...realStreams().map(({ name, bytes }) => [name, bytes] as const), ...HOSTILE])('%s', async (_, body) => {
    const ours = eventSourceMessages(untimed(body), body).map(({ eventName, eventId, data }) => ({ eventName, eventId, data }));
    expect(ours).toEqual(await dispatched(body, typesIn(body)));
  });
});
