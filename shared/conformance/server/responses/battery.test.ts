// The Responses battery judged on OpenAI's own stream (a capture of api.openai.com) and on the
// same stream with the defects real servers and gateways shipped written into it: each rule holds
// on the clean shape and is broken, with its exact words, by its defect.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { judgeCheck } from '../judge.ts';
import { servedBy } from '../served.test-support.ts';
import type { ServerCheck } from '../types.ts';
import { RESPONSES_BATTERY } from './battery.ts';
import { callsApart, functionCall, namedAsTyped, sequenceNumbers, terminal, textSequence } from './rules.ts';

const fixture = (name: string): string => readFileSync(new URL(`../../../test/fixtures/dialects/responses/${name}`, import.meta.url), 'utf8');

const served = servedBy('responses');

const check = (id: string): ServerCheck => RESPONSES_BATTERY.find((candidate) => candidate.id === id)!;
const events = (body: string): string[] => body.split('\n\n').filter((event) => event.trim() !== '');

const TEXT = fixture('openai-gpt41nano-text-obfuscation.sse');

describe("OpenAI's own stream", () => {
  it('passes responses.text, with every rule it applied held', () => {
    const verdict = judgeCheck(check('responses.text'), served(TEXT));
    expect({ status: verdict.status, summary: verdict.summary, broken: verdict.findings.filter((finding) => finding.severity !== 'info') }).toEqual({ status: 'pass', summary: 'All 14 rules held.', broken: [] });
  });

  it('ends incomplete for max_output_tokens, and keeps parallel calls apart, in the captures that show them', () => {
    expect(terminal('incomplete', 'max_output_tokens').judge(served(fixture('openai-gpt4o-incomplete-max-output-tokens-edited.sse')))).toEqual([]);
    const parallel = served(fixture('openai-gpt4o-parallel-function-calls-edited.sse'));
    expect(functionCall('weather', ['location']).judge(parallel)).toEqual([]);
    expect(callsApart.judge(parallel)).toEqual([]);
  });
});

describe('the defects real servers shipped', () => {
  it('fail responses.text when output_text.done is dropped (ogx #5309)', () => {
    const dropped = events(TEXT)
      .filter((event) => !event.includes('"type":"response.output_text.done"'))
      .join('\n\n');
    expect(textSequence.judge(served(dropped + '\n\n'))).toEqual([
      'They came as response.created, response.in_progress, response.output_item.added, response.content_part.added, response.output_text.delta, response.content_part.done, response.output_item.done, response.completed.',
    ]);
    expect(judgeCheck(check('responses.text'), served(dropped + '\n\n')).status).toBe('fail');
  });

  it('fail when sequence_number is dropped (llmgateway PR #2287)', () => {
    const unnumbered = TEXT.replace(/"sequence_number":\d+,/g, '');
    expect(sequenceNumbers.judge(served(unnumbered))).toEqual(['16 of 16 events have none.']);
  });

  it('warn when the events are not named as their type, or not named at all', () => {
    const unnamed = TEXT.replace(/^event: .*\n/gm, '');
    expect(namedAsTyped.judge(served(unnamed))).toEqual(['Event 0 has no event: line.', 'Event 1 has no event: line.', 'Event 2 has no event: line.', 'And 13 more.']);
    const misnamed = TEXT.replace('event: response.completed', 'event: response.done');
    expect(namedAsTyped.judge(served(misnamed))).toEqual(['Event 15 is named response.done but is response.completed.']);
    expect(judgeCheck(check('responses.text'), served(misnamed)).status).toBe('warn');
  });

  it('fail responses.max-output-tokens when the cut answer ends completed', () => {
    expect(terminal('incomplete', 'max_output_tokens').judge(served(TEXT))).toEqual(['Its status is "completed".']);
  });

  it('fail responses.error when the refusal is streamed, and pass an OpenAI-shaped 400', () => {
    expect(judgeCheck(check('responses.error'), served(TEXT)).summary).toBe('error-not-refused: ' + check('responses.error').rules[0]!.says + ' The status is 200. ' + check('responses.error').rules[0]!.sdk);
    const refused = served('{"error":{"message":"Invalid type for \'input\'.","type":"invalid_request_error","param":"input","code":"invalid_type"}}', { status: 400, contentType: 'application/json' });
    expect(judgeCheck(check('responses.error'), refused).status).toBe('pass');
  });
});

describe('the battery', () => {
  it('has the checks the issue names, each with its streamed body and referenced rules', () => {
    expect(RESPONSES_BATTERY.map((entry) => entry.id)).toEqual(['responses.text', 'responses.tools', 'responses.parallel-tools', 'responses.max-output-tokens', 'responses.error']);
    for (const entry of RESPONSES_BATTERY) {
      expect(entry.body('m')).toMatchObject({ model: 'm', stream: true });
      for (const rule of entry.rules) expect([rule.code, rule.reference.length > 0]).toEqual([rule.code, true]);
    }
  });

  it('judges any analysis without throwing, the empty body among them', () => {
    for (const body of ['', 'data: [DONE]\n\n', 'data: {"type":"response.created"}\n\n', ': keep-alive\n\n', 'data: {}\n\n']) {
      for (const entry of RESPONSES_BATTERY) expect(['pass', 'warn', 'fail']).toContain(judgeCheck(entry, served(body)).status);
    }
  });
});
