// Diagnostics about the HTTP exchange and the SSE framing (docs/diagnostics.md, Transport), plus what holds for every finding:
// a clean stream makes no alarm, and findings come errors first.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analyze.ts';
import type { RecordedResponse, Recording } from '../../recording/types.ts';
import { DONE_EVENT, body, bytes, chunk, cleanTextStream, delta, timed, untimed } from '../../test/streams.ts';
import { CHAT_CODES } from '../../dialects/chat/catalogue.ts';
import { SSE_CODES } from '../../framing/sse/catalogue.ts';
import { CATALOGUE, STREAM_CATALOGUE } from './catalogue.ts';
import type { Diagnostic, DiagnosticCode } from './catalogue.ts';

/** Each finding as code, severity and evidence: what the tests compare exactly. */
function findings(recording: Recording): { code: DiagnosticCode; severity: string; events: readonly number[]; reads?: readonly number[] }[] {
  return analyzeRecording(recording).diagnostics.map(({ code, severity, events, reads }) => ({ code, severity, events, ...(reads ? { reads } : {}) }));
}

const codes = (recording: Recording): DiagnosticCode[] => analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.code);

/** The one finding with this code (fails when there is none, or more than one). */
function the(recording: Recording, code: DiagnosticCode): Diagnostic {
  const found = analyzeRecording(recording).diagnostics.filter((diagnostic) => diagnostic.code === code);
  expect(found, `findings with code ${code}`).toHaveLength(1);
  return found[0]!;
}

const response = (status: number, headers: Record<string, string>, t = 40): RecordedResponse => ({ t, status, httpVersion: '1.1', headers });
const SSE_HEADERS = { 'content-type': 'text/event-stream' };

const ROLE = chunk([delta({ role: 'assistant', content: '' })]);
const say = (text: string) => chunk([delta({ content: text })]);
const finish = (reason = 'stop') => chunk([delta({}, reason)]);
/** Role, one word, stop and [DONE]: events 0 to 3. */
const SHORT = body(ROLE, say('Hi'), finish(), DONE_EVENT);
const USAGE_CHUNK_ONLY = [{ code: 'usage-chunk', severity: 'info', events: [5] }];

describe('a clean stream', () => {
  it('yields no warning and no error for the OpenAI shape, only the usage-chunk info', () => {
    expect(findings(untimed(cleanTextStream()))).toEqual(USAGE_CHUNK_ONLY);
  });

  it('yields the same when it is timed, one event per read, with a 200 text/event-stream response', () => {
    const reads = cleanTextStream()
      .split(/(?<=\n\n)/)
      .map((text, i): [number, string] => [300 + i * 20, text]);
    expect(findings(timed(reads, { response: response(200, { 'content-type': 'text/event-stream; charset=utf-8' }, 300) }))).toEqual(USAGE_CHUNK_ONLY);
  });

  it('yields nothing at all without the usage chunk', () => {
    expect(findings(untimed(SHORT))).toEqual([]);
  });
});

describe('every finding', () => {
  it('comes ordered errors, then warnings, then info, whatever check made it', () => {
    // compressed-stream (info) is found first, no-done (error) by the framing
    // check, finish-length (warning) by the finish check.
    const recording = timed([[50, ': ping\n\n' + body(ROLE, say('Hi'), finish('length'))]], {
      response: response(200, { ...SSE_HEADERS, 'content-encoding': 'gzip' }, 50),
    });
    expect(codes(recording)).toEqual(['no-done', 'finish-length', 'compressed-stream', 'comment']);
    expect(analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(['error', 'warning', 'info', 'info']);
  });

  it('carries the severity and hint of its catalogue entry: the stream\'s, or its dialect\'s', () => {
    const recording = untimed(': ping\n\n' + body(chunk([delta({ content: 'Hi' })]), finish('eos'), chunk([], { usage: { total_tokens: 1 } })));
    const diagnostics = analyzeRecording(recording).diagnostics;
    expect(diagnostics.length).toBeGreaterThan(3);
    for (const diagnostic of diagnostics) {
      expect(diagnostic.severity).toBe(CATALOGUE[diagnostic.code].severity);
      expect(diagnostic.hint).toBe({ ...STREAM_CATALOGUE, ...SSE_CODES, ...CHAT_CODES }[diagnostic.code as keyof typeof STREAM_CATALOGUE | keyof typeof SSE_CODES | keyof typeof CHAT_CODES].hint);
    }
  });
});

describe('http-status', () => {
  const NOT_FOUND = '{"error":{"message":"The model `gpt-9` does not exist","type":"invalid_request_error"}}';

  it('fires for a 404 with the error body in the message, and no stream finding is made', () => {
    const recording = timed([[50, NOT_FOUND]], { response: response(404, { 'content-type': 'application/json' }) });
    // The JSON body is not parsed as SSE: no partial-event, no no-done, no missing-finish-reason;
    // and an error body is not an event stream by nature, so not-event-stream would only repeat it.
    expect(findings(recording)).toEqual([{ code: 'http-status', severity: 'error', events: [] }]);
    expect(the(recording, 'http-status').message).toBe(`HTTP 404: ${NOT_FOUND}`);
  });

  it('suppresses the stream findings even when the error body looks like a cut stream', () => {
    const recording = timed([[50, body(ROLE, say('Hi'))]], { response: response(500, SSE_HEADERS) });
    expect(findings(recording)).toEqual([{ code: 'http-status', severity: 'error', events: [] }]);
    expect(the(recording, 'http-status').message).toMatch(/^HTTP 500: data: \{"id":"chatcmpl-test"/);
  });

  it('says when the error body is empty', () => {
    expect(the(timed([[50, '']], { response: response(503, SSE_HEADERS) }), 'http-status').message).toBe('HTTP 503 with an empty body.');
  });

  it('does not fire for a 2xx status other than 200', () => {
    expect(findings(timed([[50, SHORT]], { response: response(206, SSE_HEADERS) }))).toEqual([]);
  });

  it('does not fire for an untimed .sse body, which has no response at all', () => {
    expect(codes(untimed(SHORT))).not.toContain('http-status');
  });
});

describe('not-event-stream', () => {
  it('fires for a 200 with application/json: the server ignored stream: true', () => {
    const recording = timed([[50, '{"id":"chatcmpl-1","object":"chat.completion","choices":[]}']], {
      response: response(200, { 'content-type': 'application/json' }),
    });
    // The body holds no SSE event, so partial-event and no-done would only repeat the finding.
    expect(codes(recording)).toEqual(['not-event-stream']);
    expect(the(recording, 'not-event-stream')).toMatchObject({ severity: 'error', events: [], message: 'The response is application/json, not text/event-stream.' });
  });

  it('fires for an HTML page a proxy answered with 200', () => {
    const recording = timed([[50, '<html><body>Sign in</body></html>']], { response: response(200, { 'Content-Type': 'text/html' }) });
    expect(codes(recording)).toEqual(['not-event-stream']);
    expect(the(recording, 'not-event-stream').message).toBe('The response is text/html, not text/event-stream.');
  });

  it('is not repeated beside the http-status of an HTML error page', () => {
    const recording = timed([[50, '<html><body>502 Bad Gateway</body></html>']], { response: response(502, { 'Content-Type': 'text/html' }) });
    expect(codes(recording)).toEqual(['http-status']);
  });

  it('still lets the stream findings through when a mislabelled body does hold SSE events', () => {
    const recording = timed([[50, body(ROLE, say('Hi'))]], { response: response(200, { 'content-type': 'text/plain' }) });
    expect(codes(recording)).toEqual(['not-event-stream', 'no-done', 'missing-finish-reason']);
  });

  it('fires when the response has no content-type', () => {
    const recording = timed([[50, SHORT]], { response: response(200, {}) });
    expect(findings(recording)).toEqual([{ code: 'not-event-stream', severity: 'error', events: [] }]);
    expect(the(recording, 'not-event-stream').message).toBe('The response has no content-type.');
  });

  it('does not fire for text/event-stream with parameters, in any case, under any header spelling', () => {
    expect(findings(timed([[50, SHORT]], { response: response(200, { 'Content-Type': 'Text/Event-Stream; charset=utf-8' }) }))).toEqual([]);
  });
});

describe('compressed-stream', () => {
  it('fires as info for content-encoding: gzip, naming the encoding', () => {
    const recording = timed([[50, SHORT]], { response: response(200, { ...SSE_HEADERS, 'Content-Encoding': 'gzip' }) });
    expect(findings(recording)).toEqual([{ code: 'compressed-stream', severity: 'info', events: [] }]);
    expect(the(recording, 'compressed-stream').message).toBe('The event stream is sent with content-encoding: gzip.');
  });

  it('does not fire for content-encoding: identity, which is no compression', () => {
    expect(findings(timed([[50, SHORT]], { response: response(200, { ...SSE_HEADERS, 'content-encoding': 'Identity' }) }))).toEqual([]);
  });

  it('does not fire for an empty content-encoding', () => {
    expect(findings(timed([[50, SHORT]], { response: response(200, { ...SSE_HEADERS, 'content-encoding': ' ' }) }))).toEqual([]);
  });
});

describe('connection-error', () => {
  it('fires when the connection fails mid-stream, naming the error, the time, the bytes and the last read', () => {
    const sent = body(ROLE, say('Hi'));
    const recording = timed([[50, body(ROLE)], [70, body(say('Hi'))]], { end: { t: 80, outcome: 'error', error: 'ECONNRESET' } });
    expect(findings(recording)).toEqual([
      { code: 'connection-error', severity: 'error', events: [], reads: [1] },
      { code: 'no-done', severity: 'error', events: [1] },
      { code: 'missing-finish-reason', severity: 'error', events: [1] },
    ]);
    expect(the(recording, 'connection-error').message).toBe(`The connection failed: ECONNRESET at 80.0 ms, after ${bytes(sent).length} bytes.`);
    expect(the(recording, 'no-done').message).toBe('The stream was cut (error) before data: [DONE].');
  });

  it('fires for a timeout, an abort and an interrupted recorder', () => {
    const end = (outcome: 'timeout' | 'aborted' | 'interrupted') => the(timed([[50, body(ROLE)]], { end: { t: 60, outcome } }), 'connection-error').message;
    expect(end('timeout')).toMatch(/^The request timed out at 60\.0 ms/);
    expect(end('aborted')).toMatch(/^The request was aborted at 60\.0 ms/);
    expect(end('interrupted')).toMatch(/^The recorder stopped \(the app was killed or crashed\)/);
  });

  it('does not fire for a body that ends with eof, even without [DONE]', () => {
    expect(codes(timed([[50, body(ROLE, say('Hi'), finish())]]))).toEqual(['no-done']);
  });

  it('does not fire, and neither does no-done, for a recording still under way', () => {
    expect(codes(timed([[50, body(ROLE, say('Hi'), finish())]], { end: { t: null, outcome: 'recording' } }))).toEqual([]);
  });
});

describe('no-done', () => {
  it('fires on the last event when the body ends without data: [DONE]', () => {
    const recording = untimed(body(ROLE, say('Hi'), finish()));
    expect(findings(recording)).toEqual([{ code: 'no-done', severity: 'error', events: [2] }]);
    expect(the(recording, 'no-done').message).toBe('The body ended without data: [DONE].');
  });

  it('fires with no evidence event for a body with no event at all', () => {
    const recording = timed([], { end: { t: 10, outcome: 'eof' } });
    expect(findings(recording)).toEqual([{ code: 'no-done', severity: 'error', events: [] }]);
    expect(the(recording, 'no-done').message).toBe('The body holds no SSE event at all, and no data: [DONE].');
  });

  it('fires for a lower-case data: [done], which is not the terminator (and not JSON)', () => {
    expect(findings(untimed(body(ROLE, finish(), 'data: [done]\n\n')))).toEqual([
      { code: 'no-done', severity: 'error', events: [2] },
      { code: 'invalid-json', severity: 'error', events: [2] },
    ]);
  });

  it('does not fire for an unterminated data: [DONE], which is reported once, as a partial-event', () => {
    expect(codes(untimed(body(ROLE, say('Hi'), finish()) + 'data: [DONE]'))).toEqual(['partial-event']);
  });
});

describe('partial-event', () => {
  it('fires for an unterminated data: [DONE], saying how many bytes at which offsets and what they hold', () => {
    const complete = body(ROLE, say('Hi'), finish());
    const recording = untimed(complete + 'data: [DONE]\n');
    expect(findings(recording)).toEqual([{ code: 'partial-event', severity: 'error', events: [] }]);
    const at = bytes(complete).length;
    expect(the(recording, 'partial-event').message).toMatch(new RegExp(`^13 bytes at the end of the body \\(offset ${at}–${at + 13}\\) never got the blank line that ends an event; they hold data: "\\[DONE\\]"\\.`));
  });

  it('fires beside no-done for a chunk cut in the middle', () => {
    const recording = untimed(body(ROLE, say('Hi')) + 'data: {"id":');
    expect(findings(recording)).toEqual([
      { code: 'partial-event', severity: 'error', events: [] },
      { code: 'no-done', severity: 'error', events: [1] },
      { code: 'missing-finish-reason', severity: 'error', events: [1] },
    ]);
    expect(the(recording, 'partial-event').message).toContain('they hold data: "{\\"id\\":"');
  });

  it('fires for a trailing keep-alive comment that never got its blank line', () => {
    const recording = untimed(SHORT + ': bye');
    expect(findings(recording)).toEqual([{ code: 'partial-event', severity: 'error', events: [] }]);
    expect(the(recording, 'partial-event').message).toMatch(/^5 bytes .* they hold a comment\./);
  });

  it('does not fire for extra blank lines after the last event', () => {
    expect(findings(untimed(SHORT + '\n\n\n'))).toEqual([]);
  });

  it('does not fire for a body that ends in CRLF CRLF or CR CR', () => {
    expect(findings(untimed(SHORT.replace(/\n/g, '\r\n')))).toEqual([]);
    expect(findings(untimed(SHORT.replace(/\n/g, '\r')))).toEqual([]);
  });
});

describe('after-done', () => {
  it('fires on the events after [DONE], counting them', () => {
    const recording = untimed(SHORT + body(say(' late'), say(' later')));
    expect(findings(recording)).toEqual([
      { code: 'after-done', severity: 'warning', events: [4, 5] },
    ]);
    expect(the(recording, 'after-done').message).toBe('2 events came after data: [DONE] (event 3): 4, 5.');
  });

  it('does not fire when [DONE] is the last event', () => {
    expect(codes(untimed(SHORT))).not.toContain('after-done');
  });

  it('does not fire for blank lines after [DONE], which make no event', () => {
    expect(findings(untimed(SHORT + '\n\n\n\n'))).toEqual([]);
  });
});

describe('invalid-json', () => {
  it('fires on every payload that is not JSON, quoting the first with the parser error', () => {
    const recording = untimed(body(ROLE, 'data: {"oops"\n\n', say('Hi'), 'data: Hello\n\n', finish(), DONE_EVENT));
    expect(findings(recording)).toEqual([{ code: 'invalid-json', severity: 'error', events: [1, 3] }]);
    expect(the(recording, 'invalid-json').message).toMatch(/^2 data payloads are not JSON; the first, event 1: "\{\\"oops\\"" \(.+\)\.$/);
  });

  it('does not fire for data: [DONE], which is not JSON by design', () => {
    expect(codes(untimed(SHORT))).not.toContain('invalid-json');
  });

  it('does not fire for JSON split over two data lines, which join with a newline', () => {
    const split = `data: ${JSON.stringify(say('Hi')).replace(',"choices"', '\ndata: ,"choices"')}\n\n`;
    expect(findings(untimed(body(ROLE, split, finish(), DONE_EVENT)))).toEqual([]);
  });
});

describe('stream-error', () => {
  it('fires for a payload with an error object, quoting its message and code', () => {
    const recording = untimed(body(ROLE, say('Hi'), { error: { message: 'Overloaded', code: 529 } }, DONE_EVENT));
    expect(findings(recording)).toEqual([
      { code: 'stream-error', severity: 'error', events: [2] },
      { code: 'missing-finish-reason', severity: 'error', events: [1] },
    ]);
    expect(the(recording, 'stream-error').message).toBe('Event 2 is a payload with an "error" object: "Overloaded" (529).');
    expect(the(recording, 'missing-finish-reason').message).toContain('The stream reported an error instead.');
  });

  it('fires for event: error', () => {
    const recording = untimed(body(ROLE, 'event: error\ndata: {"error":{"message":"boom","type":"server_error"}}\n\n'));
    expect(findings(recording)).toEqual([
      { code: 'no-done', severity: 'error', events: [1] },
      { code: 'stream-error', severity: 'error', events: [1] },
      { code: 'missing-finish-reason', severity: 'error', events: [0] },
    ]);
    expect(the(recording, 'stream-error').message).toBe('Event 1 is an "event: error" event: "boom" ("server_error").');
  });

  it('fires for "object": "error" and for an error: SSE field', () => {
    expect(the(untimed(body(ROLE, { object: 'error', message: 'Internal' }, DONE_EVENT)), 'stream-error')).toMatchObject({
      events: [1],
      message: 'Event 1 is a payload with "object": "error": "Internal".',
    });
    expect(the(untimed(body(ROLE, 'error: {"message":"context too long"}\n\n', DONE_EVENT)), 'stream-error')).toMatchObject({
      events: [1],
      message: 'Event 1 is an "error:" SSE field, which spec-compliant parsers silently ignore: "context too long".',
    });
  });

  it('does not fire for "error": null on a normal chunk', () => {
    expect(findings(untimed(body(chunk([delta({ role: 'assistant', content: '' })], { error: null }), say('Hi'), finish(), DONE_EVENT)))).toEqual([]);
  });
});

describe('comment', () => {
  it('fires as info on the events holding comment lines, quoting the distinct texts', () => {
    const recording = untimed(': OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n' + body(ROLE, say('Hi')) + ': ping\n' + body(finish(), DONE_EVENT));
    expect(findings(recording)).toEqual([{ code: 'comment', severity: 'info', events: [0, 1, 4] }]);
    expect(the(recording, 'comment').message).toBe('3 comment lines in 3 events: ": OPENROUTER PROCESSING", ": ping".');
  });

  it('does not fire for content that starts with a colon', () => {
    expect(findings(untimed(body(ROLE, say(': not a comment'), finish(), DONE_EVENT)))).toEqual([]);
  });
});

describe('obfuscation', () => {
  it('fires as info on the padded events, with the bytes they cost', () => {
    const sse = body(chunk([delta({ role: 'assistant', content: '' })], { obfuscation: 'abcd' }), say('Hi'), chunk([delta({}, 'stop')], { obfuscation: 'xy' }), DONE_EVENT);
    const recording = untimed(sse);
    expect(findings(recording)).toEqual([{ code: 'obfuscation', severity: 'info', events: [0, 2] }]);
    // `,"obfuscation":"abcd"` is 21 bytes, `,"obfuscation":"xy"` 19.
    expect(the(recording, 'obfuscation').message).toBe(`2 events carry an obfuscation field: 40 bytes of padding (${((40 / bytes(sse).length) * 100).toFixed(1)}% of the body).`);
  });

  it('does not fire for content that merely contains the word', () => {
    expect(findings(untimed(body(ROLE, say('"obfuscation": "abc"'), finish(), DONE_EVENT)))).toEqual([]);
  });
});

describe('mixed-line-endings', () => {
  it('fires as info when LF and CRLF are mixed, counting each', () => {
    const recording = untimed(SHORT.replace('\n\n', '\r\n\r\n'));
    expect(findings(recording)).toEqual([{ code: 'mixed-line-endings', severity: 'info', events: [] }]);
    expect(the(recording, 'mixed-line-endings').message).toBe('The body mixes line endings: 6 LF, 2 CRLF.');
  });

  it('does not fire for a body that uses CRLF throughout', () => {
    expect(findings(untimed(SHORT.replace(/\n/g, '\r\n')))).toEqual([]);
  });

  it('does not fire for a CRLF split across two reads', () => {
    const crlf = SHORT.replace(/\n/g, '\r\n');
    const cut = crlf.indexOf('\r\n') + 1;
    expect(findings(timed([[50, crlf.slice(0, cut)], [60, crlf.slice(cut)]]))).toEqual([]);
  });
});

describe('recording-truncated', () => {
  const cut = (truncated: NonNullable<NonNullable<Recording['end']>['truncated']>): Recording => {
    const recording = untimed(body(ROLE, say('Hi')));
    return { ...recording, end: { t: null, outcome: 'eof', truncated } };
  };

  it('blames the size cap when the recording reached it, or says nothing else of why (a recording from before the cause was kept)', () => {
    const expected = "The recording keeps the body's first 1,024 bytes, its size cap; the 4,096 bytes after them went on to the client and were not kept, so nothing is said of the stream's end.";
    expect(the(cut({ atBytes: 1024, droppedBytes: 4096, cause: 'size-cap' }), 'recording-truncated').message).toBe(expected);
    expect(the(cut({ atBytes: 1024, droppedBytes: 4096 }), 'recording-truncated').message).toBe(expected);
  });

  it('never blames a size cap when the capture proxy\'s recorder fell behind', () => {
    expect(the(cut({ atBytes: 1, droppedBytes: 1, cause: 'recorder-behind' }), 'recording-truncated').message).toBe(
      "The recording keeps the body's first 1 byte: the capture proxy's recorder fell behind the relay (more bytes waited for it than the proxy holds); the 1 byte after them went on to the client and were not kept, so nothing is said of the stream's end.",
    );
  });
});
