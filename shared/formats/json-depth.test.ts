// JSON nested past MAX_JSON_DEPTH: told by a scan, before anything recursive walks it; a file
// holding it is refused with its line, and a request body holding it is kept as its text.

import { describe, expect, it } from 'vitest';
import { readRecordingsFile } from './detect.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { serializeSsrec } from './ssrec.ts';
import { body, bytes, chunk, delta, DONE_EVENT } from '../test/streams.ts';

/** A JSON text that opens `levels` arrays inside each other: 5,000 levels make 10 KB. */
const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

const SSE = body(chunk([delta({ role: 'assistant', content: 'Hi' })]), chunk([delta({}, 'stop')])) + DONE_EVENT;

/** A HAR of one streamed entry whose request body is `requestBody`. */
function harWith(requestBody: string): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        {
          startedDateTime: '2026-11-30T08:00:00.000Z',
          time: 10,
          request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [], postData: { mimeType: 'application/json', text: requestBody } },
          response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text: SSE } },
        },
      ],
    },
  });
}

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"text":"${'['.repeat(1000)}\\"{{{"}`, 3)).toBe(false);
  });
});

describe('deep nesting in files', () => {
  it('keeps a HAR request body nested 5,000 levels deep as its text, which stores and serialises', () => {
    const deep = nested(5000);
    const parsed = readRecordingsFile('deep.har', bytes(harWith(deep)));
    if (!parsed.ok) throw new Error(parsed.error);
    const { recording } = parsed.value[0]!;
    expect(recording.request!.body).toBe(deep);
    expect(JSON.stringify(recording.request!.body)).toBe(JSON.stringify(deep));
    expect(serializeSsrec(recording)).toContain(`"body":"${deep}"`);
  });

  it(`keeps a request body of ${MAX_JSON_DEPTH} levels as JSON`, () => {
    const parsed = readRecordingsFile('ok.har', bytes(harWith(nested(MAX_JSON_DEPTH))));
    expect(parsed.ok && Array.isArray(parsed.value[0]!.recording.request!.body)).toBe(true);
  });

  it('refuses a .ssrec.jsonl whose header nests 5,000 levels, naming the line', () => {
    const header = `{"recording":1,"request":{"url":"https://api.openai.com/v1/chat/completions","body":${nested(5000)}}}`;
    expect(readRecordingsFile('deep.ssrec.jsonl', bytes(`${header}\n{"t":1,"text":"data: {}\\n\\n"}\n`))).toEqual({
      ok: false,
      error: `line 1: nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep (Streamscope's limit)`,
    });
  });
});
