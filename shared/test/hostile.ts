// A recording written by an attacker: markup, script and URL payloads in every place a stream
// or its exchange can carry text (content, reasoning, refusal, tool calls, comments, field
// names, headers, the URL, the error), invisible and invalid characters, invalid UTF-8, and
// secrets in the request. For the tests of anything that shows or exports recorded text.

import { concatBytes } from '../formats/bytes.ts';
import type { Recording } from '../recording/types.ts';
import { DONE_EVENT, body, bytes, chunk, delta } from './streams.ts';

/** The payloads, each of which would run a script or load something if it reached markup unescaped. */
export const PAYLOADS = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(2)>',
  svg: '"><svg onload=alert(3)>',
  textarea: '</textarea><script>alert(4)</script>',
  jsUrl: 'javascript:alert(5)',
  style: '</pre><style>body{display:none}</style>',
  iframe: "'><iframe src=\"https://evil.example/\"></iframe>",
} as const;

export const HOSTILE_CONTENT = `Hi ${PAYLOADS.script} ${PAYLOADS.img} ${PAYLOADS.svg} ${PAYLOADS.textarea} [click](${PAYLOADS.jsUrl}) line\u2028separator nul\u0000here rlo\u202Eevil`;
export const HOSTILE_REASONING = `thinking ${PAYLOADS.style}`;
export const HOSTILE_REFUSAL = `no ${PAYLOADS.iframe}`;
export const HOSTILE_TOOL_NAME = '<b onmouseover=alert(6)>lookup</b>';
export const HOSTILE_TOOL_ID = `"'><script>alert(7)</script>`;

export const SECRET_KEY = 'sk-proj-Hx7Kq2Lm9Np4Rs8Tv1Wy5Za3Bc6De0Fg2Hj';
export const SECRET_URL_KEY = 'AIzaSyQ1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j';
export const SECRET_COOKIE = 'session=3f9a0c1d2e4b5a6978877665544332211';

function hostileBody(): Uint8Array {
  const text = body(
    chunk([delta({ role: 'assistant', content: '' })]),
    chunk([delta({ reasoning_content: HOSTILE_REASONING })]),
    chunk([delta({ content: HOSTILE_CONTENT })]),
    chunk([delta({ refusal: HOSTILE_REFUSAL })]),
    chunk([delta({ tool_calls: [{ index: 0, id: HOSTILE_TOOL_ID, type: 'function', function: { name: HOSTILE_TOOL_NAME, arguments: '' } }] })]),
    chunk([delta({ tool_calls: [{ index: 0, function: { arguments: '{"q":"</script><script>alert(8)</script>"' } }] })]),
    chunk([delta({ tool_calls: [{ index: 0, function: { arguments: '}' } }] })]),
    chunk([delta({ tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'broken', arguments: '{"a": <img src=x onerror=alert(9)>' } }] })]),
    ': <script>alert(10)</script>\n\n',
    'event: <svg onload=alert(11)>\ndata: <html><script>alert(12)</script>\r\n\r\n',
    chunk([delta({}, 'stop')], { '<x-evil onclick=alert(13)>': PAYLOADS.svg }),
    DONE_EVENT,
  );
  // A comment with a NUL byte and a data line with bytes that are not UTF-8, as raw bytes.
  const raw = concatBytes([bytes(': nul \0 and '), new Uint8Array([0xff, 0xfe, 0xc3]), bytes(' end\n\n')]);
  const encoded = bytes(text);
  const cut = encoded.length - DONE_EVENT.length;
  return concatBytes([encoded.subarray(0, cut), raw, encoded.subarray(cut)]);
}

/** The hostile exchange, timed, in three reads with a long silence, secrets unredacted. */
export function hostileRecording(): Recording {
  const data = hostileBody();
  const third = Math.floor(data.length / 3);
  return {
    source: 'ssrec',
    startedAt: '2026-11-30T08:00:00.000Z',
    request: {
      method: 'POST',
      url: `https://api.example.com/v1/chat/completions?api_key=${SECRET_URL_KEY}&next=${PAYLOADS.jsUrl}&q=${PAYLOADS.script}`,
      headers: { authorization: `Bearer ${SECRET_KEY}`, cookie: SECRET_COOKIE, 'x-evil': PAYLOADS.img, 'content-type': 'application/json' },
      body: { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: PAYLOADS.textarea }] },
    },
    response: { t: 120.5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'x-evil': PAYLOADS.svg, 'set-cookie': `${SECRET_COOKIE}; Path=/` } },
    reads: [
      { t: 130.25, bytes: data.subarray(0, third) },
      { t: 180.75, bytes: data.subarray(third, 2 * third) },
      { t: 2400, bytes: data.subarray(2 * third) },
    ],
    end: { t: 2410, outcome: 'eof', error: PAYLOADS.script },
  };
}

/** A recording name that tries to close the title and open a script. */
export const HOSTILE_NAME = `</title>${PAYLOADS.script}`;
