// The Chat Completions battery judged on OpenAI's own streams (real-streams, captured from
// api.openai.com) and on the same streams with the defects real servers shipped written into
// them: each rule holds on the clean shape and is broken, with its exact words, by its defect.

import { describe, expect, it } from 'vitest';
import { realStream } from '../../../test/streams.ts';
import { judgeCheck } from '../judge.ts';
import { servedBy } from '../served.test-support.ts';
import type { ServerCheck } from '../types.ts';
import { CHAT_BATTERY } from './battery.ts';
import { callsApart, finishOnce, jsonError, noUsage, roleFirst, usageOnceAtEnd } from './rules.ts';

const text = (name: string): string => new TextDecoder().decode(realStream(name));

const served = servedBy('chat-completions');

const check = (id: string): ServerCheck => CHAT_BATTERY.find((candidate) => candidate.id === id)!;

const USAGE_STREAM = text('openai-gpt4o-structured-text-usage.sse');
const LENGTH_STREAM = text('openai-gpt4o-length-truncated.sse');
const PARALLEL_STREAM = text('openai-gpt4o-parallel-tool-calls.sse');

describe("OpenAI's own streams", () => {
  it('pass chat.usage, with every rule it applied held', () => {
    const verdict = judgeCheck(check('chat.usage'), served(USAGE_STREAM));
    expect({ status: verdict.status, summary: verdict.summary, broken: verdict.findings.filter((finding) => finding.severity !== 'info') }).toEqual({ status: 'pass', summary: 'All 15 rules held.', broken: [] });
  });

  it('pass chat.max-tokens', () => {
    expect(judgeCheck(check('chat.max-tokens'), served(LENGTH_STREAM)).status).toBe('pass');
  });

  it('hold their parallel calls apart and put the usage in its own last chunk', () => {
    expect(callsApart.judge(served(PARALLEL_STREAM))).toEqual([]);
    expect(usageOnceAtEnd.judge(served(PARALLEL_STREAM))).toEqual([]);
  });
});

describe('the defects real servers shipped', () => {
  it('fail chat.usage when the usage rides on the last content chunk (llama.cpp #15443)', () => {
    // The usage moved onto the finish chunk, and its own chunk dropped.
    const lines = USAGE_STREAM.split('\n\n').filter((event) => event !== '');
    const usage = lines.find((event) => event.includes('"usage"'))!;
    const moved = lines
      .filter((event) => event !== usage)
      .map((event) => (event.includes('"finish_reason":"stop"') ? event.replace(/\}$/, ',"usage":{"prompt_tokens":17,"completion_tokens":10,"total_tokens":27}}') : event));
    const analysis = served(moved.join('\n\n') + '\n\n');
    expect(usageOnceAtEnd.judge(analysis)).toEqual(['The usage chunk (event 11) has 1 choices, not choices: [].']);
    const verdict = judgeCheck(check('chat.usage'), analysis);
    expect([verdict.status, verdict.summary]).toEqual(['fail', `usage-not-final-chunk: ${usageOnceAtEnd.says} The usage chunk (event 11) has 1 choices, not choices: [].`]);
  });

  it('fail chat.text when the finish chunk comes twice (SGLang PR #8417)', () => {
    const finish = USAGE_STREAM.split('\n\n').find((event) => event.includes('"finish_reason":"stop"'))!;
    const twice = USAGE_STREAM.replace(finish, `${finish}\n\n${finish}`);
    expect(finishOnce('stop').judge(served(twice))).toEqual(['Choice 0 got 2 finish chunks (events 11, 12).']);
    expect(judgeCheck(check('chat.text'), served(twice)).status).toBe('fail');
  });

  it('fail chat.parallel-tools when every call is sent at index 0 (Ollama #15457)', () => {
    const collapsed = PARALLEL_STREAM.replaceAll('"index":1', '"index":0');
    expect(callsApart.judge(served(collapsed))).toEqual(['Index 0 was given to 2 calls (GetWeatherArgs, get_stock_price).']);
  });

  it('warn when the first chunk of a choice has no role, and when a usage comes unasked', () => {
    const roleless = LENGTH_STREAM.replace('"role":"assistant",', '');
    expect(roleFirst.judge(served(roleless))).toEqual(["Choice 0's first chunk (event 0) has no role."]);
    expect(noUsage.judge(served(LENGTH_STREAM))).toEqual(['A usage came unasked, at event 3.']);
    expect(judgeCheck(check('chat.no-usage'), served(LENGTH_STREAM)).status).toBe('warn');
  });

  it('fail chat.error when a refused request is answered 200 with an error in the stream (vLLM, guidellm #743)', () => {
    const answered = served('data: {"error":{"message":"messages must be an array","type":"invalid_request_error"}}\n\n');
    expect(jsonError.judge(answered)).toEqual(['The status is 200.']);
    const refused = served('{"error":{"message":"Invalid type for \'messages\': expected an array.","type":"invalid_request_error","param":"messages","code":"invalid_type"}}', { status: 400, contentType: 'application/json' });
    expect(judgeCheck(check('chat.error'), refused)).toMatchObject({ status: 'pass', summary: 'Its one rule held.' });
    expect(jsonError.judge(served('<html>Bad Request</html>', { status: 400, contentType: 'text/html' }))).toEqual(['The body is not JSON: "<html>Bad Request</html>".']);
  });

  it('fail any streamed check on a buffered or non-SSE answer, with the diagnostics as evidence', () => {
    const verdict = judgeCheck(check('chat.max-tokens'), served(LENGTH_STREAM, { contentType: 'application/json' }));
    expect(verdict.status).toBe('fail');
    expect(verdict.findings.map((finding) => finding.code)).toContain('not-event-stream');
  });
});

describe('the battery', () => {
  it('has the checks the issue names, each id its dialect word and a name, each rule with its reference', () => {
    expect(CHAT_BATTERY.map((entry) => entry.id)).toEqual(['chat.text', 'chat.usage', 'chat.no-usage', 'chat.tools', 'chat.parallel-tools', 'chat.n', 'chat.max-tokens', 'chat.error']);
    for (const entry of CHAT_BATTERY) {
      expect(entry.body('m')).toMatchObject({ model: 'm', stream: true });
      for (const rule of entry.rules) expect([rule.code, rule.says.length > 0, rule.reference.length > 0]).toEqual([rule.code, true, true]);
    }
  });

  it('judges any analysis without throwing, the empty body among them', () => {
    for (const body of ['', 'data: [DONE]\n\n', 'data: {"choices":"x"}\n\n', ': keep-alive\n\n', 'data: {}\n\n']) {
      for (const entry of CHAT_BATTERY) expect(['pass', 'warn', 'fail']).toContain(judgeCheck(entry, served(body)).status);
    }
  });
});
