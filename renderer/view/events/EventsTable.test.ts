// The table drawn to static markup in Node (no DOM, so no rows: the virtualiser has no viewport).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { realStream, untimed } from '../../../shared/test/streams.ts';
import { EventsTable } from './EventsTable.tsx';

const noop = (): void => {};

describe('the events table', () => {
  it('offers a checkbox per kind the recording has, with its count, and a grid as tall as the events', () => {
    const analysis = analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse')));
    const markup = renderToStaticMarkup(createElement(EventsTable, { analysis, live: false, selected: null, onSelect: noop, highlighted: [] }));
    expect(markup).toContain('data-testid="events-table"');
    expect(markup).toContain('role="grid"');
    expect(markup).toContain('aria-rowcount="665"');
    const kinds = [...markup.matchAll(/data-kind="([\w-]+)">[^<]*<\/span><span class="kind-count">([\d,]+)</g)].map((match) => `${match[1]} ${match[2]}`);
    expect(kinds).toEqual(['role 1', 'content 661', 'finish 1', 'done 1']);
    expect(markup).toContain('aria-label="Filter by kind"');
    expect(markup).toContain('aria-label="Filter events"');
    expect(markup).toMatch(/<input type="checkbox"\/> Regex/);
  });

  it('says when a recording under way has no event yet', () => {
    const analysis = analyzeRecording(untimed(''));
    const markup = renderToStaticMarkup(createElement(EventsTable, { analysis, live: true, selected: null, onSelect: noop, highlighted: [] }));
    expect(markup).toContain('No events yet: waiting for the stream…');
  });
});
