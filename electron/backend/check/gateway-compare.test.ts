// Gateway mode's comparison (shared/conformance/gateway/) on real bytes: the simulator's scenarios
// recorded at real pace, then changed by hand the way a gateway might change them
// (gateway-mutations.test-support.ts). Each change fires exactly when its mutation is made, and a
// stream passed on untouched — the same scenario recorded twice, or rebuilt event by event — has
// none.

import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { compareThroughGateway } from '../../../shared/conformance/gateway/compare.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { analyse, answeredWith, cleanEnd, eachEvent, halves, headWithBody, inPairs, later, oneRead, recordScenario, reversedMembers } from './gateway-mutations.test-support.ts';

let simulator: Simulator;
const recorded: Record<string, Analysis> = {};

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 1 });
  const wanted = [
    ['chat', 'chat-completions', 'text'],
    ['chat again', 'chat-completions', 'text'],
    ['responses', 'responses', 'text'],
    ['messages', 'anthropic-messages', 'text'],
    ['chat drop', 'chat-completions', 'connection-drop'],
    ['chat error', 'chat-completions', 'stream-error'],
    ['responses error', 'responses', 'stream-error'],
    ['chat buffered', 'chat-completions', 'buffered'],
    ['chat crlf', 'chat-completions', 'crlf'],
  ] as const;
  const analyses = await Promise.all(wanted.map(([, protocol, id]) => recordScenario(simulator, protocol, id)));
  wanted.forEach(([name], index) => (recorded[name] = analyses[index]!));
}, 30_000);
afterAll(async () => {
  await simulator?.close();
});

const compare = (direct: Analysis, via: Analysis) => compareThroughGateway(direct, via);
const codes = (direct: Analysis, via: Analysis) => compare(direct, via).map(({ code, severity }) => `${code} ${severity}`);
const same = (raw: string): string => raw;

describe('a stream passed on untouched', () => {
  it('has no change: the same scenario recorded twice', () => {
    expect(compare(recorded.chat!, recorded['chat again']!)).toEqual([]);
  });

  it('has no change in any dialect: the body rebuilt event by event at the times they came', () => {
    for (const name of ['chat', 'responses', 'messages', 'chat drop', 'chat error', 'chat buffered', 'chat crlf']) {
      const direct = recorded[name]!;
      expect([name, compare(direct, analyse(eachEvent(direct, same)))]).toEqual([name, []]);
    }
  });
});

describe('what a gateway changes in the bytes', () => {
  it('says when [DONE] is dropped', () => {
    const via = analyse(eachEvent(recorded.chat!, (raw) => (raw === 'data: [DONE]\n\n' ? null : raw)));
    expect(compare(recorded.chat!, via)).toEqual([{ code: 'done-dropped', severity: 'error', message: 'The upstream ended with event 63 [DONE]; through the gateway the stream has no such event.' }]);
  });

  it("says when the dialect's own terminal event is dropped: message_stop, and response.completed with the usage it carries", () => {
    const messages = recorded.messages!;
    const noStop = analyse(eachEvent(messages, (raw) => (raw.includes('"message_stop"') ? null : raw)));
    expect(codes(messages, noStop)).toEqual(['done-dropped error']);
    const responses = recorded.responses!;
    const noCompleted = analyse(eachEvent(responses, (raw) => (raw.includes('"response.completed"') ? null : raw)));
    expect(codes(responses, noCompleted)).toEqual(['done-dropped error', 'usage-changed error']);
  });

  it('says when the id is changed, and in how many events', () => {
    const direct = recorded.chat!;
    const id = direct.identity.id!;
    const via = analyse(eachEvent(direct, (raw) => raw.replaceAll(id, 'chatcmpl-gateway')));
    expect(compare(direct, via)).toEqual([{ code: 'ids-changed', severity: 'warning', message: `1 id changed: id ${JSON.stringify(id)} became "chatcmpl-gateway" (63 events).` }]);
  });

  it('says JSON re-serialised with the same values is only that', () => {
    const direct = recorded.messages!;
    const via = analyse(eachEvent(direct, (raw) => raw.replace(/^data: (.*)$/m, (_, json: string) => `data: ${JSON.stringify(reversedMembers(JSON.parse(json)))}`)));
    const [found, ...rest] = compare(direct, via);
    expect(rest).toEqual([]);
    expect(found!.code).toBe('bytes-changed');
    expect(found!.severity).toBe('info');
    expect(found!.message).toMatch(/^66 events re-serialised, the same values \(event 0: \{"type":"message_start",.* became \{"message":\{"usage":.*\)\.$/);
  });

  it('says when a value is changed, where and how', () => {
    const direct = recorded.chat!;
    const via = analyse(eachEvent(direct, (raw, event) => (event.sse.index === 3 ? raw.replace(/"content":"([^"]*)"/, '"content":"[redacted]"') : raw)));
    const [found, ...rest] = compare(direct, via);
    expect(rest).toEqual([]);
    expect([found!.code, found!.severity]).toEqual(['bytes-changed', 'error']);
    expect(found!.message).toMatch(/^Values changed in 1 event \(event 3: choices\[0\]\.delta\.content "[^"]*" became "\[redacted\]"\)\.$/);
  });

  it('says when the usage is changed', () => {
    const direct = recorded.chat!;
    expect(direct.usage).not.toBeNull();
    const via = analyse(eachEvent(direct, (raw) => raw.replace(/"completion_tokens":(\d+)/, '"completion_tokens":1')));
    const [found, ...rest] = compare(direct, via);
    expect(rest).toEqual([]);
    expect([found!.code, found!.severity]).toEqual(['usage-changed', 'error']);
    expect(found!.message).toMatch(/^The usage \{"prompt_tokens":19,"completion_tokens":60,.* became \{"prompt_tokens":19,"completion_tokens":1,.*\.$/);
  });

  it('says when a mid-stream error event is lost', () => {
    for (const name of ['chat error', 'responses error']) {
      const direct = recorded[name]!;
      const via = analyse(eachEvent(direct, (raw, event) => (event.interpretation.kind === 'error' ? null : raw)));
      expect([name, codes(direct, via)]).toEqual([name, ['error-lost error']]);
    }
  });

  it('says when CRLF line endings become LF', () => {
    const direct = recorded['chat crlf']!;
    const via = analyse(eachEvent(direct, (raw) => raw.replaceAll('\r\n', '\n')));
    expect(compare(direct, via)).toEqual([{ code: 'bytes-changed', severity: 'warning', message: 'Line endings CRLF became LF.' }]);
  });

  it('says when keep-alives are not passed on', () => {
    const via = recorded.chat!;
    const direct = analyse(eachEvent(via, (raw, event) => (event.sse.index === 5 ? `: keep-alive\n\n${raw}` : raw)));
    expect(compare(direct, via)).toEqual([{ code: 'bytes-changed', severity: 'warning', message: 'Keep-alives: 1 sent, 0 passed on.' }]);
  });

  it("says the gateway's own status, and nothing of a body that is not the stream", () => {
    const direct = recorded.chat!;
    const via = analyse(answeredWith(direct.recording, 500, '{"status":"failure","message":"Something went wrong"}'));
    expect(compare(direct, via)).toEqual([{ code: 'status-changed', severity: 'error', message: 'The upstream answered 200; the gateway answered 500.' }]);
  });
});

describe('what a gateway changes in delivery, ending and timing', () => {
  it('says a body delivered in one read when the upstream streamed it is buffered', () => {
    const direct = recorded.chat!;
    const [found, ...rest] = compare(direct, analyse(oneRead(direct.recording)));
    expect(rest).toEqual([]);
    expect([found!.code, found!.severity]).toEqual(['buffered', 'error']);
    expect(found!.message).toMatch(/^Directly the events came in \d+ reads from [\d,]+ ms to [\d,]+ ms; through the gateway in 1 read at [\d,]+ ms: 60 of 60 token events arrived in one burst/);
  });

  it('says a buffered body re-sent one event a write is re-chunked, not buffered (the upstream buffered it already)', () => {
    const direct = recorded['chat buffered']!;
    expect(direct.recording.reads).toHaveLength(1);
    const start = direct.recording.reads[0]!.t!;
    const via = analyse(eachEvent(direct, same, (event) => start + event.sse.index * 0.05));
    expect(compare(direct, via)).toEqual([{ code: 'rechunked', severity: 'info', message: `The upstream wrote its events in 1 read, the gateway re-sent them in ${direct.events.length} reads.` }]);
  });

  it('says events merged two a read are re-chunked, not buffered (they still come as they are made)', () => {
    const direct = recorded.chat!;
    const via = analyse(inPairs(direct.recording));
    expect(compare(direct, via)).toEqual([{ code: 'rechunked', severity: 'info', message: `The upstream wrote its events in ${direct.recording.reads.length} reads, the gateway merged them into ${via.recording.reads.length} reads.` }]);
  });

  it('says events split across reads are re-chunked', () => {
    const direct = recorded.chat!;
    const via = analyse(halves(direct.recording));
    expect(codes(direct, via)).toEqual(['rechunked info']);
    expect(compare(direct, via)[0]!.message).toMatch(/^\d+ events split across reads through the gateway \(0 directly\)\.$/);
  });

  it('says when the head is held until the first body byte', () => {
    const direct = recorded.chat!;
    const [found, ...rest] = compare(direct, analyse(headWithBody(direct.recording)));
    expect(rest).toEqual([]);
    expect([found!.code, found!.severity]).toEqual(['head-held', 'warning']);
    expect(found!.message).toMatch(/^The upstream's head came at [\d,]+ ms, [\d,]+ ms before its first body byte; through the gateway the head came at [\d,]+ ms, with the first body byte \([\d,]+ ms\)\.$/);
  });

  it('says when an upstream reset becomes a clean end', () => {
    const direct = recorded['chat drop']!;
    expect(direct.recording.end!.outcome).toBe('error');
    expect(compare(direct, analyse(cleanEnd(direct.recording)))).toEqual([
      { code: 'reset-masked', severity: 'error', message: `Directly the body ended in an error (${direct.recording.end!.error}); through the gateway it ended cleanly, after ${direct.events.length} events of the ${direct.events.length} that came directly.` },
    ]);
  });

  it('says when time is added over the threshold, and not under it', () => {
    const direct = recorded.chat!;
    const [found, ...rest] = compare(direct, analyse(later(direct.recording, 400)));
    expect(rest).toEqual([]);
    expect([found!.code, found!.severity]).toEqual(['delay-added', 'warning']);
    expect(found!.message).toMatch(/^Through the gateway the first body byte came at [\d,]+ ms instead of [\d,]+ ms \(\+400 ms\); the body ended at [\d,]+ ms instead of [\d,]+ ms \(\+400 ms\): over the 250 ms a gateway may add\.$/);
    expect(compare(direct, analyse(later(direct.recording, 200)))).toEqual([]);
  });
});
