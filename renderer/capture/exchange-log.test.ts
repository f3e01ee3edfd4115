import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureExchange } from '../../shared/capture/types.ts';
import { startSimulator } from '../../electron/backend/simulator/index.ts';
import type { Simulator } from '../../electron/backend/simulator/index.ts';
import { rawRequest, startTestProxy } from '../../electron/backend/proxy/test-support.ts';
import type { TestProxy } from '../../electron/backend/proxy/test-support.ts';
import { clockTime } from '../mock/log.ts';
import { EMPTY_LOG, exchangeRow, openCount, seenCount, unseenCount, withBackendLog, withExchange, withoutProxy } from './exchange-log.ts';
import type { ProxyLogs } from './exchange-log.ts';

// Real log lines, in the order a capture proxy in front of the simulator gives them: a paced
// stream (begun first, ended last), then a stream without [DONE], a request the simulator answers
// with JSON, and a request from a web page the proxy refuses.
let simulator: Simulator;
let proxy: TestProxy;
const pushes: { ended: boolean; exchange: CaptureExchange }[] = [];
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
  proxy = await startTestProxy(simulator.url);
  const chat = `${proxy.base}/chat/completions`;
  let firstRead!: () => void;
  const begun = new Promise<void>((resolve) => (firstRead = resolve));
  const paced = rawRequest(chat, { body: { model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'Hi' }], sim: { time_scale: 1, ttft_ms: 20, tps: 50, chunks: 12 } }, onRead: () => firstRead() });
  await begun;
  await rawRequest(chat, { body: { model: 'sim-no-done', stream: true, messages: [{ role: 'user', content: 'Hi' }] } });
  await rawRequest(chat, { body: { model: 'sim-text', messages: [{ role: 'user', content: 'Hi' }] } });
  await rawRequest(chat, { body: { model: 'sim-text', stream: true, messages: [] }, headers: { origin: 'http://evil.example' } });
  await paced;
  await proxy.ended(1);
  pushes.push(...proxy.lines);
});

afterAll(async () => {
  await proxy?.close();
  await simulator?.close();
});

const push = (id: number, state: 'open' | 'done'): { proxy: number; exchange: CaptureExchange } => {
  const line = pushes.find((each) => each.exchange.id === id && each.ended === (state === 'done'));
  if (!line) throw new Error(`no ${state} line for exchange ${id}`);
  return { proxy: 7, exchange: line.exchange };
};
const ids = (logs: ProxyLogs, at = 7): number[] => (logs.get(at) ?? EMPTY_LOG).map((exchange) => exchange.id);
const states = (logs: ProxyLogs, at = 7): string[] => (logs.get(at) ?? EMPTY_LOG).map((exchange) => `${exchange.id}:${exchange.state}`);

describe('the exchange log', () => {
  it('is pushed out of order by a real proxy: each exchange once as it begins, once as it ends, the long stream ending last', () => {
    // A stream's end is pushed once its recording has ended (on the proxy's recording thread), which may be after the next exchange began.
    const byExchange = (id: number) => pushes.filter((line) => line.exchange.id === id).map((line) => (line.ended ? 'done' : 'open'));
    expect([1, 2, 3, 4].map(byExchange)).toEqual([['open', 'done'], ['open', 'done'], ['open', 'done'], ['done']]);
    expect(pushes.map((line) => line.exchange.id).indexOf(2)).toBeLessThan(pushes.map((line) => line.exchange.id).indexOf(3));
    expect(pushes.at(-1)).toMatchObject({ ended: true, exchange: { id: 1 } });
  });

  it('keeps one line per exchange, newest first, the open line replaced when it ends', () => {
    let logs: ProxyLogs = new Map();
    for (const line of pushes) logs = withExchange(logs, { proxy: 7, exchange: line.exchange });
    expect(states(logs)).toEqual(['4:done', '3:done', '2:done', '1:done']);
    expect(openCount(logs.get(7)!)).toBe(0);
  });

  it('shows a stream as open until its end arrives, and never takes an ended line back to open', () => {
    let logs: ProxyLogs = withExchange(new Map(), push(1, 'open'));
    logs = withExchange(logs, push(2, 'open'));
    expect(states(logs)).toEqual(['2:open', '1:open']);
    expect(openCount(logs.get(7)!)).toBe(2);
    logs = withExchange(logs, push(2, 'done'));
    const ended = withExchange(logs, push(2, 'open'));
    expect(ended).toBe(logs);
    expect(states(logs)).toEqual(['2:done', '1:open']);
  });

  it('takes in the backend’s log of what ended before the page listened, a line in both counted once and the ended one kept', () => {
    // The page heard exchange 1 begin and 4 end; the backend kept 4, 3 and 2, ended.
    let logs: ProxyLogs = withExchange(withExchange(new Map(), push(1, 'open')), push(4, 'done'));
    logs = withBackendLog(logs, 7, [push(4, 'done').exchange, push(3, 'done').exchange, push(2, 'done').exchange]);
    expect(states(logs)).toEqual(['4:done', '3:done', '2:done', '1:open']);
    // An open line pushed before the backend's log of its end arrived gives way to the end.
    logs = withBackendLog(withExchange(new Map(), push(2, 'open')), 7, [push(2, 'done').exchange]);
    expect(states(logs)).toEqual(['2:done']);
  });

  it('lets the oldest lines go past its limit', () => {
    let logs: ProxyLogs = new Map();
    for (const id of [1, 3, 2]) logs = withExchange(logs, push(id, 'done'), 2);
    expect(ids(logs)).toEqual([3, 2]);
    // One older than all kept, when full, is let go at once.
    expect(withExchange(logs, push(1, 'done'), 2)).toBe(logs);
    expect(ids(withBackendLog(new Map(), 7, [push(4, 'done').exchange, push(3, 'done').exchange, push(2, 'done').exchange], 2))).toEqual([4, 3]);
  });

  it('counts the exchanges seen by their ids, and those the page has no line for', () => {
    const logs = withExchange(withExchange(new Map(), push(4, 'done')), push(2, 'done'));
    const log = logs.get(7)!;
    expect(seenCount({ exchanges: 3 }, log)).toBe(4);
    expect(seenCount({ exchanges: 9 }, log)).toBe(9);
    expect(unseenCount({ exchanges: 3 }, log)).toBe(2);
    expect(unseenCount({ exchanges: 0 }, EMPTY_LOG)).toBe(0);
  });

  it('forgets a stopped proxy’s lines, and no other', () => {
    const logs = withExchange(withExchange(new Map(), push(1, 'done')), { proxy: 8, exchange: push(2, 'done').exchange });
    expect([...withoutProxy(logs, 7).keys()]).toEqual([8]);
    expect(withoutProxy(logs, 9)).toBe(logs);
  });
});

describe('a line of the exchange log', () => {
  it('reads a stream under way as streaming, its end and figures still to come', () => {
    const open = push(1, 'open').exchange;
    expect(exchangeRow(open)).toMatchObject({ time: clockTime(open.time), request: 'POST /v1/chat/completions', model: 'sim-text', status: '…', duration: '…', events: '…', state: 'streaming', stateTone: 'live', problem: null, findings: [] });
  });

  it('reads a clean stream as done, with its first token, duration and events, and no error or warning', () => {
    const row = exchangeRow(push(1, 'done').exchange);
    expect(row).toMatchObject({ status: '200', statusTone: 'good', state: 'done', stateTone: 'good', problem: null });
    // The simulator pads its chunks as OpenAI does: an info finding, no more.
    expect(row.findings).toEqual([{ code: 'obfuscation', severity: 'info' }]);
    expect(row.ttft).toMatch(/^\d+ ms$/);
    expect(row.duration).toMatch(/^\d+ ms$/);
    expect(Number(row.events)).toBeGreaterThan(12);
  });

  it('names each finding with its severity, the most severe first', () => {
    const row = exchangeRow(push(2, 'done').exchange);
    expect(row.findings[0]).toEqual({ code: 'no-done', severity: 'error' });
    expect(row.findings.map((finding) => finding.severity)).toEqual([...row.findings.map((finding) => finding.severity)].sort((a, b) => ['error', 'warning', 'info'].indexOf(a) - ['error', 'warning', 'info'].indexOf(b)));
  });

  it('reads an exchange that does not stream without stream figures', () => {
    expect(exchangeRow(push(3, 'done').exchange)).toMatchObject({ status: '200', ttft: '–', events: '–', state: 'done', findings: [] });
  });

  it('reads a refused request as refused, with the proxy’s reason', () => {
    const row = exchangeRow(push(4, 'done').exchange);
    expect(row).toMatchObject({ status: '403', statusTone: 'bad', state: 'refused', stateTone: 'bad' });
    expect(row.problem).toMatch(/refused a request from the web page at http:\/\/evil\.example/);
  });
});
