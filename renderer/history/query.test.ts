import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/backend/store/store.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { activeFilters, askedFilters, countWords, filtersKey, isFiltered, listQuery, NO_FILTERS, sessionChoices, suggestionsOf } from './query.ts';

describe('the filter form as a ListQuery', () => {
  it('asks for nothing but the page when no field is filled', () => {
    expect(listQuery(NO_FILTERS, 200)).toEqual({ limit: 200, offset: 0 });
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('trims every text field and leaves out the empty ones', () => {
    const filters = { ...NO_FILTERS, text: '  weather ', model: ' gpt-4o ', host: '   ' };
    expect(listQuery(filters, 200, 400)).toEqual({ text: 'weather', model: 'gpt-4o', limit: 200, offset: 400 });
  });

  it('passes the outcome and the diagnostic code as they were chosen', () => {
    expect(listQuery({ ...NO_FILTERS, outcome: 'timeout', code: 'no-done', host: 'api.openai.com' }, 50)).toEqual({
      host: 'api.openai.com',
      outcome: 'timeout',
      code: 'no-done',
      limit: 50,
      offset: 0,
    });
  });

  it('asks for a source as its origin and a capture session by its name, untrimmed', () => {
    expect(listQuery({ ...NO_FILTERS, origin: 'captured' }, 50)).toEqual({ origin: 'captured', limit: 50, offset: 0 });
    expect(listQuery({ ...NO_FILTERS, session: '2026-11-30T08:00:00Z :8787' }, 50)).toEqual({ captureSession: '2026-11-30T08:00:00Z :8787', limit: 50, offset: 0 });
    expect(isFiltered({ ...NO_FILTERS, origin: 'imported' })).toBe(true);
  });

  it('names equal questions alike, whitespace and paging aside', () => {
    expect(filtersKey({ ...NO_FILTERS, text: 'abc ' })).toBe(filtersKey({ ...NO_FILTERS, text: ' abc' }));
    expect(filtersKey({ ...NO_FILTERS, text: 'abc' })).not.toBe(filtersKey({ ...NO_FILTERS, text: 'abd' }));
    expect(JSON.parse(filtersKey({ ...NO_FILTERS, code: 'refusal' }))).toEqual({ code: 'refusal' });
    expect(isFiltered({ ...NO_FILTERS, text: '   ' })).toBe(false);
  });
});

describe('the summary', () => {
  it('says how many of how many match while filtered', () => {
    expect(countWords(12, 10_340, true)).toBe('12 of 10,340 recordings');
    expect(countWords(0, 1, true)).toBe('0 of 1 recording');
  });

  it('says only how many there are without filters', () => {
    expect(countWords(340, 340, false)).toBe('340 recordings');
    expect(countWords(1, 1, false)).toBe('1 recording');
  });

  it('lists the filters in force, in words, each with the field that clears it', () => {
    expect(activeFilters({ text: ' tool ', model: '', host: 'localhost:8080', outcome: 'aborted', code: 'idle-gap', origin: 'captured', session: 's1' })).toEqual([
      { field: 'text', words: 'text “tool”' },
      { field: 'host', words: 'host localhost:8080' },
      { field: 'outcome', words: 'outcome cancelled' },
      { field: 'code', words: 'finding idle-gap' },
      { field: 'origin', words: 'source captured' },
      { field: 'session', words: 'session s1' },
    ]);
    expect(activeFilters(NO_FILTERS)).toEqual([]);
  });
});

describe('the capture sessions offered', () => {
  it('are those of the rows seen, the running proxies and the one chosen, each once, the newest first', () => {
    const rows = [null, '2026-11-30T08:00:00Z :41000', null, '2026-11-29T17:12:05Z :8787', '2026-11-30T08:00:00Z :41000'];
    expect(sessionChoices(rows, ['2026-12-01T09:30:00Z :39001'], '')).toEqual(['2026-12-01T09:30:00Z :39001', '2026-11-30T08:00:00Z :41000', '2026-11-29T17:12:05Z :8787']);
    expect(sessionChoices([], [], 'ci run')).toEqual(['ci run']);
    expect(sessionChoices([null], [], '')).toEqual([]);
  });
});

describe('what the store is asked', () => {
  it('takes the text fields as they were when typing paused, the menus as they are now', () => {
    const settled = { ...NO_FILTERS, text: 'weath', model: 'gpt', outcome: 'eof' as const };
    const now = { text: 'weather', model: 'gpt-4o', host: 'api', outcome: 'timeout' as const, code: 'no-done' as const, origin: 'sent' as const, session: 's1' };
    expect(askedFilters(settled, now)).toEqual({ text: 'weath', model: 'gpt', host: '', outcome: 'timeout', code: 'no-done', origin: 'sent', session: 's1' });
  });
});

describe('the models and hosts suggested', () => {
  const store = openStore(tempDbPath());
  afterAll(() => store.close());
  const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
  const summaryOf = (file: string) => store.summary(store.importRecording(recordingFromSse(readFileSync(join(realStreams, file)))))!;

  it('are those of the rows loaded, each once, sorted, none for a row without one', () => {
    const gpt = summaryOf('openai-gpt4o-length-truncated.sse');
    const deepseek = summaryOf('deepseek-reasoner-tool-call.sse');
    const rows = [{ ...deepseek, host: 'b.example' }, { ...gpt, host: 'a.example' }, { ...gpt, host: 'b.example' }, { ...gpt, model: null, host: null }];
    expect(suggestionsOf(rows)).toEqual({ models: [deepseek.model, gpt.model].sort(), hosts: ['a.example', 'b.example'] });
    expect(suggestionsOf([])).toEqual({ models: [], hosts: [] });
  });
});
