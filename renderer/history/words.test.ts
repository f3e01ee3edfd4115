import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/backend/store/store.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import { parseSsrec } from '../../shared/formats/ssrec.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { badgeOf, codesBySeverity, dialectWords, emptyWords, outcomeWords, recordedWords, statusWords, titleOf } from './words.ts';

const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
const store = openStore(tempDbPath());
afterAll(() => store.close());
const summaryOf = (id: number) => store.summary(id)!;
const stream = (file: string) => recordingFromSse(readFileSync(join(realStreams, file)));
const dialectStream = (folder: string, file: string) => recordingFromSse(readFileSync(join(realStreams, '..', 'dialects', folder, file)));

describe('a row’s words', () => {
  it('titles a recording by its name, else its model, else its number', () => {
    const named = summaryOf(store.importRecording(stream('openai-gpt4o-length-truncated.sse'), { name: 'cut short' }));
    expect(titleOf(named)).toBe('cut short');
    const unnamed = summaryOf(store.importRecording(stream('openai-gpt4o-length-truncated.sse')));
    expect(titleOf(unnamed)).toBe(unnamed.model);
    expect(unnamed.model).toMatch(/^gpt-4o/);
    expect(titleOf({ ...unnamed, model: null })).toBe(`Recording #${unnamed.id}`);
  });

  it('badges the worst finding: a warning for a truncated answer, an error for a stream that never finished', () => {
    const truncated = summaryOf(store.importRecording(stream('openai-gpt4o-length-truncated.sse')));
    expect(truncated.codes).toContain('finish-length');
    expect(badgeOf(truncated)).toBe('warning');
    const unfinished = summaryOf(store.importRecording(stream('snowflake-cortex-claude-no-finish-reason.sse')));
    expect(unfinished.codes).toContain('missing-finish-reason');
    expect(badgeOf(unfinished)).toBe('error');
    expect(badgeOf({ ...unfinished, worstSeverity: null })).toBe('clean');
    expect(badgeOf({ ...unfinished, outcome: 'recording', worstSeverity: null })).toBe('live');
  });

  it('says how a recording ended, and a status other than 200', () => {
    const body = readFileSync(join(realStreams, 'openai-gpt4o-length-truncated.sse'), 'utf8');
    const timed = [
      JSON.stringify({ recording: 1, startedAt: '2026-01-02T03:04:05.000Z', request: { method: 'POST', url: 'https://api.example.com/v1/chat/completions', headers: {}, body: {} } }),
      JSON.stringify({ t: 120.5, response: { status: 429, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } }),
      JSON.stringify({ t: 130.25, text: body }),
      JSON.stringify({ t: 140, end: 'timeout', error: 'idle timeout' }),
    ].join('\n');
    const parsed = parseSsrec(timed);
    if (!parsed.ok) throw new Error(parsed.error);
    const row = summaryOf(store.importRecording(parsed.value));
    expect(outcomeWords(row)).toBe('timed out');
    expect(statusWords(row)).toBe('HTTP 429');
    const plain = summaryOf(store.importRecording(stream('openai-gpt4o-length-truncated.sse')));
    expect(outcomeWords(plain)).toBe('–');
    expect(statusWords(plain)).toBe('');
  });

  it('names each recording’s dialect by its short name, and a dash for one whose dialect could not be told', () => {
    const chat = summaryOf(store.importRecording(stream('openai-gpt4o-length-truncated.sse')));
    const responses = summaryOf(store.importRecording(dialectStream('responses', 'openai-gpt41nano-text-obfuscation.sse')));
    const messages = summaryOf(store.importRecording(dialectStream('messages', 'anthropic-sonnet46-text.sse')));
    expect([chat, responses, messages].map(dialectWords)).toEqual(['Chat Completions', 'Responses', 'Anthropic Messages']);
    expect(dialectWords({ ...chat, protocol: null })).toBe('–');
  });

  it('puts the most severe findings first, as the row can show only the first few', () => {
    expect(codesBySeverity(['comment', 'usage-chunk', 'no-done', 'idle-gap', 'missing-finish-reason'])).toEqual(['missing-finish-reason', 'no-done', 'idle-gap', 'comment', 'usage-chunk']);
  });

  it('splits the time recorded into a date and a time of day', () => {
    const { date, time } = recordedWords('2026-01-02T03:04:05.000Z');
    expect(date).toMatch(/2026/);
    expect(time).toMatch(/\d{1,2}:04:05/);
    expect(recordedWords('not a date')).toEqual({ date: 'not a date', time: '' });
  });
});

describe('the list with no row to show', () => {
  it('says it is loading, before that the listing failed, before whether filters hide every row', () => {
    expect(emptyWords({ loading: true, failed: true, filtered: true })).toBe('Loading recordings…');
    expect(emptyWords({ loading: false, failed: true, filtered: true })).toBe('The recordings could not be listed.');
    expect(emptyWords({ loading: false, failed: false, filtered: true })).toBe('No recording matches these filters.');
    expect(emptyWords({ loading: false, failed: false, filtered: false })).toBe('No recordings yet. Record one from the simulator above.');
  });
});
