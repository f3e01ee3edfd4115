// A real JSON-array Gemini body (simonw/llm-gemini's, shared/test/fixtures/gemini/) in the events
// table and the inspector: each row marked as the array element it is, the inspector giving its
// place in the array and the body, nothing listed as an unknown field.

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { framingView } from '../registry.ts';

const body = new Uint8Array(readFileSync(new URL('../../../../shared/test/fixtures/gemini/gemini3flash-json-array-function-call-signature.array-stream.json', import.meta.url)));
const analysis = analyzeRecording({
  source: 'live',
  startedAt: null,
  request: { method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-3-flash-preview:streamGenerateContent', headers: {}, body: null },
  response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/json; charset=UTF-8' } },
  reads: [{ t: null, bytes: body }],
  end: { t: null, outcome: 'eof' },
});
const view = framingView('json-array');

describe('a JSON-array body in the events table and the inspector', () => {
  it('is read in the JSON-array framing', () => {
    expect(analysis.framing).toBe('json-array');
    expect(analysis.events.length).toBeGreaterThan(1);
  });

  it('marks each row with its element index, as no SSE event, and no field as unknown', () => {
    expect(analysis.events.map((event) => view.chips(event.sse).map((chip) => chip.text))).toEqual(analysis.events.map((_, i) => [`[${i}]`]));
    expect(view.chips(analysis.events[0]!.sse)[0]).toMatchObject({ title: 'An element of the body’s JSON array, not an SSE event: a client reading SSE sees none of it', bad: false });
    expect(analysis.events.flatMap((event) => [...view.unknownFields(event.sse), ...view.extensions(event.sse)])).toEqual([]);
  });

  it('gives the element’s place in the array and in the body in the inspector', () => {
    const second = analysis.events[1]!;
    const markup = renderToStaticMarkup(createElement(view.Section, { event: second, analysis }));
    const text = markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    expect(text).toBe(`Array element Element 1 of the body’s JSON array: bytes ${second.sse.start.toLocaleString('en-US')}–${second.sse.end.toLocaleString('en-US')} (${(second.sse.end - second.sse.start).toLocaleString('en-US')} bytes), complete in read 0.`);
    expect(body.slice(second.sse.start, second.sse.end)[0]).toBe('{'.charCodeAt(0));
  });
});
