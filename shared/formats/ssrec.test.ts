import { describe, expect, it } from 'vitest';
import { parseSsrec, serializeSsrec } from './ssrec.ts';
import { readRecordingFile } from './detect.ts';
import { bytes, text } from '../test/streams.ts';

const EXAMPLE = [
  '{"recording":1,"startedAt":"2026-11-30T08:00:00.000Z","request":{"method":"POST","url":"http://127.0.0.1/v1/chat/completions","headers":{"authorization":"Bearer sk-…a1b2"},"body":{"model":"m","stream":true}}}',
  '{"t":182.113,"response":{"status":200,"httpVersion":"1.1","headers":{"content-type":"text/event-stream"}}}',
  '{"t":190.402,"text":"data: {}\\n\\n"}',
  '{"t":231.005,"base64":"/w=="}',
  '{"t":402.77,"end":"eof"}',
].join('\n');

describe('the timed recording file (.ssrec.jsonl)', () => {
  it('reads the header, the response, text and base64 reads, and the end', () => {
    const result = parseSsrec(EXAMPLE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const recording = result.value;
    expect(recording.startedAt).toBe('2026-11-30T08:00:00.000Z');
    expect(recording.request).toEqual({ method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: { authorization: 'Bearer sk-…a1b2' }, body: { model: 'm', stream: true } });
    expect(recording.response).toEqual({ t: 182.113, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } });
    expect(recording.reads.map((read) => [read.t, [...read.bytes]])).toEqual([
      [190.402, [...bytes('data: {}\n\n')]],
      [231.005, [0xff]],
    ]);
    expect(recording.end).toEqual({ t: 402.77, outcome: 'eof' });
  });

  it('writes what it reads, byte for byte: text when a read is valid UTF-8 alone, base64 otherwise', () => {
    const result = parseSsrec(EXAMPLE);
    if (!result.ok) throw new Error(result.error);
    expect(serializeSsrec(result.value)).toBe(EXAMPLE + '\n');
  });

  it('keeps a UTF-8 character split between two reads exact, as base64', () => {
    const snowman = bytes('☃');
    const recording = { source: 'live', startedAt: null, request: null, response: null, reads: [{ t: 1, bytes: snowman.subarray(0, 1) }, { t: 2, bytes: snowman.subarray(1) }], end: null } as const;
    const written = serializeSsrec(recording);
    expect(written).toBe('{"recording":1}\n{"t":1,"base64":"4g=="}\n{"t":2,"base64":"mIM="}\n');
    const read = parseSsrec(written);
    expect(read.ok && text(new Uint8Array([...read.value.reads[0]!.bytes, ...read.value.reads[1]!.bytes]))).toBe('☃');
  });

  it('carries what was masked of a key the server sent back on the end line, and refuses a malformed account of it', () => {
    const masked = EXAMPLE.replace('{"t":402.77,"end":"eof"}', '{"t":402.77,"end":"eof","secretsMasked":{"headers":["x-debug"],"bodyPlaces":2}}');
    const parsed = parseSsrec(masked);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.secretsMasked).toEqual({ headers: ['x-debug'], bodyPlaces: 2 });
    expect(serializeSsrec(parsed.value)).toBe(masked + '\n');
    const plain = parseSsrec(EXAMPLE);
    expect(plain.ok && 'secretsMasked' in plain.value).toBe(false);
    expect(parseSsrec(EXAMPLE.replace('"end":"eof"', '"end":"eof","secretsMasked":{"headers":"x-debug","bodyPlaces":-1}'))).toEqual({
      ok: false,
      error: 'line 5: "secretsMasked" must be {"headers": [names], "bodyPlaces": count}',
    });
  });

  it('carries the recorder’s own event-loop stalls on the end line, and refuses malformed ones', () => {
    const lagged = EXAMPLE.replace('{"t":402.77,"end":"eof"}', '{"t":402.77,"end":"eof","recorderLag":[[12.5,230.25],[300,340]]}');
    const parsed = parseSsrec(lagged);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.recorderLag).toEqual([[12.5, 230.25], [300, 340]]);
    expect(serializeSsrec(parsed.value)).toBe(lagged + '\n');
    const plain = parseSsrec(EXAMPLE);
    expect(plain.ok && 'recorderLag' in plain.value).toBe(false);
    for (const bad of ['[[1]]', '{}', '[[1,"2"]]'])
      expect(parseSsrec(EXAMPLE.replace('"end":"eof"', `"end":"eof","recorderLag":${bad}`))).toEqual({ ok: false, error: 'line 5: "recorderLag" must be [from, to] pairs' });
  });

  it('carries a recording truncated at its size cap on the end line, and refuses a malformed account of it', () => {
    const cut = EXAMPLE.replace('{"t":402.77,"end":"eof"}', '{"t":402.77,"end":"eof","truncated":{"atBytes":9,"droppedBytes":4096}}');
    const parsed = parseSsrec(cut);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.end).toEqual({ t: 402.77, outcome: 'eof', truncated: { atBytes: 9, droppedBytes: 4096 } });
    expect(serializeSsrec(parsed.value)).toBe(cut + '\n');
    expect(parseSsrec(EXAMPLE.replace('"end":"eof"', '"end":"eof","truncated":{"atBytes":9}'))).toEqual({
      ok: false,
      error: 'line 5: "truncated" must be {"atBytes": count, "droppedBytes": count, "cause": "size-cap" or "recorder-behind" (optional)}',
    });
  });

  it('carries why a recording was truncated, a recorder that fell behind as a size cap, and refuses a cause it does not know', () => {
    for (const cause of ['size-cap', 'recorder-behind'] as const) {
      const cut = EXAMPLE.replace('{"t":402.77,"end":"eof"}', `{"t":402.77,"end":"eof","truncated":{"atBytes":9,"droppedBytes":4096,"cause":"${cause}"}}`);
      const parsed = parseSsrec(cut);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.value.end).toEqual({ t: 402.77, outcome: 'eof', truncated: { atBytes: 9, droppedBytes: 4096, cause } });
      expect(serializeSsrec(parsed.value)).toBe(cut + '\n');
    }
    expect(parseSsrec(EXAMPLE.replace('"end":"eof"', '"end":"eof","truncated":{"atBytes":9,"droppedBytes":1,"cause":"disk"}')).ok).toBe(false);
  });

  it('accepts a file of reads alone, as imported streams have', () => {
    const result = parseSsrec('{"t":0,"text":"data: [DONE]\\n\\n"}\n');
    expect(result.ok && result.value.reads.length).toBe(1);
  });

  it.each([
    ['', 'the file is empty'],
    ['{"t":1,"text":"a"}\nnot json', 'line 2: not JSON'],
    ['[1]', 'line 1: expected a JSON object'],
    ['{"t":1,"text":"a"}\n{"recording":1}', 'line 2: the header must be the first line'],
    ['{"recording":2}', 'line 1: unsupported recording version 2'],
    ['{"t":-1,"text":"a"}', 'line 1: "t" must be a number of milliseconds, 0 or more'],
    ['{"t":5,"text":"a"}\n{"t":4,"text":"b"}', 'line 2: "t" goes back in time (4 after 5)'],
    ['{"t":1,"base64":"%%%"}', 'line 1: "base64" is not valid base64'],
    ['{"t":1,"text":"a","base64":"YQ=="}', 'line 1: a read has "text" or "base64", not both'],
    ['{"t":1,"end":"finished"}', 'line 1: "end" must be one of eof, error, aborted, timeout, recording, interrupted'],
    ['{"t":1,"end":"eof"}\n{"t":2,"text":"a"}', 'line 2: nothing may follow the end line'],
    ['{"t":1,"text":"a"}\n{"t":2,"response":{"status":200}}', 'line 2: the response line must come once, before the reads'],
    ['{"t":1,"response":{"status":"200"}}', 'line 1: response needs an integer "status"'],
    ['{"t":1,"hello":true}', 'line 1: expected a header, response, read ("text" or "base64") or end line'],
  ])('refuses %j with the line and what is wrong', (input, error) => {
    const result = parseSsrec(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(error);
  });

  it('tells a timed recording from an SSE body by name, then by content', () => {
    expect(readRecordingFile('x.sse', bytes('data: a\n\n'))).toMatchObject({ ok: true, value: { source: 'sse' } });
    expect(readRecordingFile('x.ssrec.jsonl', bytes(EXAMPLE))).toMatchObject({ ok: true, value: { source: 'ssrec' } });
    expect(readRecordingFile('capture', bytes(EXAMPLE))).toMatchObject({ ok: true, value: { source: 'ssrec' } });
    expect(readRecordingFile('capture', bytes('data: {}\n\n'))).toMatchObject({ ok: true, value: { source: 'sse' } });
    expect(readRecordingFile('x.ssrec.jsonl', new Uint8Array([0xff]))).toEqual({ ok: false, error: 'not valid UTF-8 (a timed recording is JSON Lines text)' });
  });
});
