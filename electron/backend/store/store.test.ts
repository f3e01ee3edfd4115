import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, recordingFromSse } from '../../../shared/index.ts';
import type { Analysis, Recording } from '../../../shared/index.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { unpackReads, unpackRecording } from '../../../shared/api/packed.ts';
import { openStore } from './store.ts';
import { cleanBody, concat, contentChunk, rawConnection, roleChunk, stored, tempDbPath, timedRecording, utf8 } from './test-support.ts';

function counts(path: string, id: number): { reads: number; eventRuns: number; diagnostics: number; recordings: number } {
  const db = rawConnection(path);
  try {
    const one = (table: string, column = 'recording_id') => db.prepare(`SELECT count(*) FROM ${table} WHERE ${column} = ?`).pluck().get(id) as number;
    return { recordings: one('recordings', 'id'), reads: one('reads'), eventRuns: one('event_runs'), diagnostics: one('recording_diagnostics') };
  } finally {
    db.close();
  }
}

/** A body with what the events table must keep besides data: comments, event/id/retry fields, unknown fields, CRLF, a non-UTF-8 read. */
function richRecording(): Recording {
  const body = [
    ': keep-alive\r\n\r\n',
    'event: message\r\nid: 7\r\nretry: 1500\r\nx-custom: yes\r\n' + roleChunk().replace(/\n\n$/, '\r\n\r\n'),
    contentChunk('Grüße 👋'),
    ': pad\n: pad again\n' + contentChunk('!'),
    'data: [DONE]\n\n',
  ].join('');
  const bytes = utf8(body);
  // Cut inside the 4-byte emoji so one read is not valid UTF-8 on its own; an empty read too.
  const emoji = body.indexOf('👋');
  const cut = new TextEncoder().encode(body.slice(0, emoji)).length + 2;
  return {
    source: 'ssrec',
    startedAt: '2026-11-30T08:00:00.000Z',
    request: { method: 'POST', url: 'https://example.test:8443/v1/chat/completions?alt=sse', headers: { 'content-type': 'application/json' }, body: { model: 'gpt-4o-mini', stream: true, n: 1 } },
    response: { t: 12.5, status: 200, httpVersion: '2', headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
    reads: [
      { t: 20.001, bytes: bytes.slice(0, 5) },
      { t: 20.001, bytes: new Uint8Array(0) },
      { t: 31.25, bytes: bytes.slice(5, cut) },
      { t: 45, bytes: bytes.slice(cut) },
    ],
    end: { t: 46.5, outcome: 'eof' },
  };
}

describe('importing and reading back a recording', () => {
  it('gives back the request, response, end and every read byte for byte, with its time', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const recording = richRecording();
    const id = store.importRecording(recording, { name: 'rich', tags: ['demo'] });
    const got = store.get(id)!;
    expect(got.request).toEqual(recording.request);
    expect(got.response).toEqual(recording.response);
    expect(got.end).toEqual(recording.end);
    expect(got.source).toBe('ssrec');
    expect(got.startedAt).toBe('2026-11-30T08:00:00.000Z');
    expect(got.reads.map((read) => read.t)).toEqual([20.001, 20.001, 31.25, 45]);
    expect(got.reads.map((read) => read.bytes)).toEqual(recording.reads.map((read) => read.bytes));
    expect(got.reads.every((read) => read.bytes.constructor === Uint8Array)).toBe(true);
    expect(Buffer.from(concat(got.reads)).equals(Buffer.from(concat(recording.reads)))).toBe(true);
    expect([got.id, got.name, got.tags, got.createdAt]).toEqual([id, 'rich', ['demo'], '2026-11-30T08:00:00.000Z']);
    // Everything derived from the stored recording is what the original gives.
    const { request, response, reads, end, source, startedAt } = got;
    expect(analyzeRecording({ request, response, reads, end, source, startedAt }).diagnostics).toEqual(analyzeRecording(recording).diagnostics);
    // Packed for the recording view, it is the same recording.
    expect(unpackRecording(store.packed(id)!)).toEqual(got);
    expect(store.packed(id + 1)).toBeNull();
    // Or a slice of its reads at a time.
    const slice = store.packed(id, 1, 2)!;
    expect([slice.fromRead, slice.readCount]).toEqual([1, 4]);
    expect(unpackReads(slice)).toEqual(got.reads.slice(1, 3));
    expect(unpackReads(store.packed(id, 3, 10)!)).toEqual(got.reads.slice(3));
    expect(unpackReads(store.packed(id, 9, 10)!)).toEqual([]);
    store.close();
  });

  it('stores every event as parsed: byte range, read, time, fields, comments and unknown fields', () => {
    const store = openStore(tempDbPath());
    const recording = richRecording();
    const id = store.importRecording(recording);
    const events = store.events(id)!;
    expect(events).toEqual(analyzeRecording(recording).events.map(stored));
    expect(events.map((event) => [event.index, event.comments, event.event, event.id, event.retry, event.unknownFields])).toEqual([
      [0, [' keep-alive'], null, null, null, []],
      [1, [], 'message', '7', 1500, [{ name: 'x-custom', value: 'yes' }]],
      [2, [], null, null, null, []],
      [3, [' pad', ' pad again'], null, null, null, []],
      [4, [], null, null, null, []],
    ]);
    expect(events.map((event) => [event.read, event.t])).toEqual([
      [2, 31.25],
      [2, 31.25],
      [3, 45],
      [3, 45],
      [3, 45],
    ]);
    store.close();
  });

  it('gives a recording and its events at once exactly as get and events give them apart', () => {
    const store = openStore(tempDbPath());
    const id = store.importRecording(richRecording());
    expect(store.withEvents(id)).toEqual({ recording: store.get(id), events: store.events(id) });
    expect(store.withEvents(id)!.events).toHaveLength(5);
    store.close();
  });

  it('keeps the recorder’s own event-loop stalls of an imported recording, and none for one without them', () => {
    const store = openStore(tempDbPath());
    const recording = recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse'));
    const lagged = store.get(store.importRecording({ ...recording, recorderLag: [[12.5, 230.25], [300, 340]] }))!;
    expect(lagged.recorderLag).toEqual([[12.5, 230.25], [300, 340]]);
    expect('recorderLag' in store.get(store.importRecording(recording))!).toBe(false);
    expect('recorderLag' in store.get(store.importRecording({ ...recording, recorderLag: [] }))!).toBe(false);
    store.close();
  });

  it('keeps an untimed .sse body as it came: no request, no response, no end, null times', () => {
    const store = openStore(tempDbPath());
    const recording = recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse'));
    const before = Date.now();
    const id = store.importRecording(recording);
    const got = store.get(id)!;
    expect([got.source, got.startedAt, got.request, got.response, got.end]).toEqual(['sse', null, null, null, null]);
    expect(got.reads).toEqual(recording.reads);
    expect(Date.parse(got.createdAt)).toBeGreaterThanOrEqual(before);
    expect(got.summary).toMatchObject({ method: null, url: null, host: null, status: null, outcome: null, durationMs: null, ttftMs: null, model: 'gpt-4o-2024-08-06' });
    expect(store.events(id)).toEqual(analyzeRecording(recording).events.map(stored));
    store.close();
  });

  it('summarises the analysis for the list: model, host, counts, duration, first token, worst severity, finish reasons, codes', () => {
    const store = openStore(tempDbPath());
    const recording = timedRecording({ body: cleanBody(['a', 'b'], 'gpt-4o-mini', 'length') });
    const id = store.importRecording(recording, { name: 'cut short' });
    expect(store.summary(id)).toEqual({
      id,
      name: 'cut short',
      createdAt: '2026-11-30T08:00:00.000Z',
      source: 'ssrec',
      method: 'POST',
      url: 'https://api.openai.com/v1/chat/completions',
      host: 'api.openai.com',
      protocol: 'chat-completions',
      model: 'gpt-4o-mini',
      status: 200,
      outcome: 'eof',
      error: null,
      bytes: concat(recording.reads).length,
      readCount: recording.reads.length,
      eventCount: 5,
      durationMs: recording.end!.t,
      ttftMs: analyzeRecording(recording).metrics!.ttft_ms,
      worstSeverity: 'warning',
      finishReasons: ['length'],
      tags: [],
      codes: ['finish-length'],
      captureSession: null,
    });
    store.close();
  });

  it('takes the analysis it is given instead of computing one', () => {
    const store = openStore(tempDbPath());
    const recording = timedRecording();
    const analysis = analyzeRecording(recording);
    const given: Analysis = { ...analysis, diagnostics: [{ code: 'comment', severity: 'info', message: 'given', hint: '', events: [] }] };
    const id = store.importRecording(recording, { analysis: given });
    expect([store.summary(id)!.worstSeverity, store.summary(id)!.codes]).toEqual(['info', ['comment']]);
    store.close();
  });

  it('imports nothing at all when the import fails half way', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const recording = timedRecording();
    const analysis = analyzeRecording(recording);
    // Two events with one sequence number: storing the events fails after the recording and its reads went in.
    const broken: Analysis = { ...analysis, events: [analysis.events[0]!, analysis.events[0]!] };
    expect(() => store.importRecording(recording, { analysis: broken })).toThrow("event 0 comes after event 0: a recording's events are stored once each, in order");
    expect(store.list()).toEqual({ items: [], total: 0 });
    const db = rawConnection(path);
    expect(['recordings', 'reads', 'event_runs', 'event_fields', 'recording_diagnostics'].map((table) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())).toEqual([0, 0, 0, 0, 0]);
    db.close();
    store.close();
  });

  it('redacts secret headers and URL parameters an importer left in', () => {
    const store = openStore(tempDbPath());
    const key = 'sk-proj-' + 'abcdEFGH1234'.repeat(4);
    const base = timedRecording();
    const recording: Recording = {
      ...base,
      request: { ...base.request!, url: `https://api.example.test/v1/chat/completions?api_key=${key}`, headers: { Authorization: `Bearer ${key}`, 'X-Api-Key': key } },
      response: { ...base.response!, headers: { 'set-cookie': `session=${key}; Path=/` } },
    };
    const got = store.get(store.importRecording(recording))!;
    expect(got.request).toEqual({
      ...recording.request,
      url: 'https://api.example.test/v1/chat/completions?api_key=sk-proj-…1234',
      headers: { Authorization: 'Bearer sk-proj-…1234', 'X-Api-Key': 'sk-proj-…1234' },
    });
    expect(got.response!.headers).toEqual({ 'set-cookie': 'session=sk-proj-…1234; Path=/' });
    store.close();
  });
});

describe('listing recordings', () => {
  function seeded() {
    const path = tempDbPath();
    const store = openStore(path);
    const at = (minute: number) => `2026-11-30T08:${String(minute).padStart(2, '0')}:00.000Z`;
    const ids = {
      openai: store.importRecording(timedRecording({ startedAt: at(1) }), { name: 'Greeting test', tags: ['smoke'] }),
      groq: store.importRecording(timedRecording({ startedAt: at(2), url: 'https://api.groq.com/openai/v1/chat/completions', model: 'llama-3.3-70b-versatile' }), {
        tags: ['regression', 'groq 100%'],
      }),
      // Cut before [DONE] and the finish reason: error findings.
      cut: store.importRecording(
        timedRecording({ startedAt: at(3), body: roleChunk() + contentChunk('Hel'), outcome: 'error' }),
        { name: 'connection drop' },
      ),
      local: store.importRecording(timedRecording({ startedAt: at(4), url: 'http://127.0.0.1:8080/v1/chat/completions', model: 'GPT-4o-mini' })),
      old: store.importRecording(timedRecording({ startedAt: '2025-01-01T00:00:00.000Z' }), { name: 'last year' }),
    };
    return { path, store, ids };
  }
  const idsOf = (result: { items: { id: number }[] }) => result.items.map((item) => item.id);

  it('lists newest first, with the total', () => {
    const { store, ids } = seeded();
    expect(idsOf(store.list())).toEqual([ids.local, ids.cut, ids.groq, ids.openai, ids.old]);
    expect(store.list().total).toBe(5);
    store.close();
  });

  it('pages with limit and offset, the total counting every match', () => {
    const { store, ids } = seeded();
    expect(store.list({ limit: 2 })).toMatchObject({ total: 5 });
    expect(idsOf(store.list({ limit: 2 }))).toEqual([ids.local, ids.cut]);
    expect(idsOf(store.list({ limit: 2, offset: 2 }))).toEqual([ids.groq, ids.openai]);
    expect(idsOf(store.list({ limit: 2, offset: 4 }))).toEqual([ids.old]);
    expect(store.list({ limit: 2, offset: 6 })).toEqual({ items: [], total: 5 });
    expect(() => store.list({ limit: -1 })).toThrow('limit must be a whole number, 0 or more, not -1');
    store.close();
  });

  it('searches text in the name, URL, model and tags, case-insensitively, with % and _ taken literally', () => {
    const { store, ids } = seeded();
    expect(idsOf(store.list({ text: 'greeting' }))).toEqual([ids.openai]);
    expect(idsOf(store.list({ text: 'groq.com' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ text: 'LLAMA-3.3' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ text: 'regress' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ text: '100%' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ text: '%' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ text: 'gpt_4o' }))).toEqual([]);
    expect(idsOf(store.list({ text: '127.0.0.1:8080' }))).toEqual([ids.local]);
    expect(store.list({ text: 'nothing like it' })).toEqual({ items: [], total: 0 });
    store.close();
  });

  it('filters by model, host, outcome and diagnostic code, and combines filters', () => {
    const { store, ids } = seeded();
    expect(idsOf(store.list({ model: 'gpt-4o-mini' }))).toEqual([ids.local, ids.cut, ids.openai, ids.old]);
    expect(idsOf(store.list({ model: 'llama-3.3-70b-versatile' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ host: 'api.groq.com' }))).toEqual([ids.groq]);
    expect(idsOf(store.list({ host: '127.0.0.1:8080' }))).toEqual([ids.local]);
    expect(idsOf(store.list({ host: '127.0.0.1' }))).toEqual([]);
    expect(idsOf(store.list({ outcome: 'error' }))).toEqual([ids.cut]);
    expect(idsOf(store.list({ code: 'no-done' }))).toEqual([ids.cut]);
    expect(store.summary(ids.cut)!.codes).toEqual(['connection-error', 'missing-finish-reason', 'no-done']);
    expect(idsOf(store.list({ model: 'gpt-4o-mini', outcome: 'eof', text: 'year' }))).toEqual([ids.old]);
    expect(idsOf(store.list({ tag: 'smoke' }))).toEqual([ids.openai]);
    expect(idsOf(store.list({ source: 'sse' }))).toEqual([]);
    store.close();
  });

  it('names the dialect of each row, as the analysis read it', () => {
    const store = openStore(tempDbPath());
    const fixture = (file: string) => recordingFromSse(new Uint8Array(readFileSync(new URL(`../../../shared/test/fixtures/dialects/${file}`, import.meta.url))));
    const chat = store.importRecording(timedRecording());
    const responses = store.importRecording(fixture('responses/openai-gpt4o-function-call-no-sequence-number.sse'));
    const messages = store.importRecording(fixture('messages/anthropic-haiku45-stop-sequence.sse'));
    const empty = store.importRecording(recordingFromSse(new Uint8Array(0)));
    const unknown = store.importRecording(recordingFromSse(new TextEncoder().encode('data: {"hello":1}\n\n')));
    expect(store.list().items.map((item) => [item.id, item.protocol])).toEqual([
      [unknown, null],
      // A body with no event at all is read as Chat Completions (its findings are that dialect's).
      [empty, 'chat-completions'],
      [messages, 'anthropic-messages'],
      [responses, 'responses'],
      [chat, 'chat-completions'],
    ]);
    store.close();
  });
});

describe('editing and deleting', () => {
  it('renames, tags and clears a name', () => {
    const store = openStore(tempDbPath());
    const id = store.importRecording(timedRecording());
    expect(store.rename(id, '  Demo run ')).toBe(true);
    expect(store.get(id)!.name).toBe('Demo run');
    expect(store.setTags(id, ['b', ' a ', 'b', ''])).toBe(true);
    expect(store.get(id)!.tags).toEqual(['b', 'a']);
    expect(store.list({ text: 'demo' }).total).toBe(1);
    expect(store.rename(id, null)).toBe(true);
    expect(store.summary(id)!.name).toBe(null);
    store.close();
  });

  it('deletes a recording with its reads, events and diagnostics', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const id = store.importRecording(timedRecording({ body: roleChunk() + contentChunk('x') }));
    const keep = store.importRecording(timedRecording());
    // An import's events are one run of ranges (event-runs.ts).
    expect([counts(path, id), store.events(id)!.length]).toEqual([{ recordings: 1, reads: 5, eventRuns: 1, diagnostics: 2 }, 2]);
    expect(store.delete(id)).toBe(true);
    expect(counts(path, id)).toEqual({ recordings: 0, reads: 0, eventRuns: 0, diagnostics: 0 });
    expect([counts(path, keep), store.events(keep)!.length]).toEqual([{ recordings: 1, reads: 5, eventRuns: 1, diagnostics: 0 }, 6]);
    expect(store.delete(id)).toBe(false);
    store.close();
  });

  it('answers null or false for an unknown id, and throws only for a malformed one', () => {
    const store = openStore(tempDbPath());
    expect([store.get(404), store.events(404), store.withEvents(404), store.summary(404), store.rename(404, 'x'), store.setTags(404, ['x']), store.delete(404)]).toEqual([
      null,
      null,
      null,
      null,
      false,
      false,
      false,
    ]);
    expect(() => store.get(1.5)).toThrow('a recording id is an integer, not 1.5');
    expect(() => store.withEvents(1.5)).toThrow('a recording id is an integer, not 1.5');
    store.close();
  });
});

describe('a large recording', () => {
  it('loads the 100,000 events of a recording', () => {
    const store = openStore(tempDbPath());
    const parts = [roleChunk()];
    for (let i = 0; i < 99_998; i++) parts.push(contentChunk(`w${i} `));
    parts.push('data: [DONE]\n\n');
    const body = utf8(parts.join(''));
    const reads = [];
    for (let at = 0, i = 0; at < body.length; at += 16_384, i++) reads.push({ t: 100 + i, bytes: body.slice(at, at + 16_384) });
    const id = store.importRecording({ source: 'ssrec', startedAt: null, request: null, response: null, reads, end: { t: 10_000, outcome: 'eof' } });

    const started = performance.now();
    const events = store.events(id)!;
    const ms = performance.now() - started;
    console.log(`events(id): ${events.length.toLocaleString('en-US')} events (${(body.length / 1e6).toFixed(1)} MB body) loaded in ${ms.toFixed(1)} ms`);
    expect(events.length).toBe(100_000);
    expect(events[50_000]!.data).toBe(contentChunk('w49999 ').slice('data: '.length, -2));
    expect(events.at(-1)!.data).toBe('[DONE]');
    store.close();
  });
});
