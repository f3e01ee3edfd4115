import { describe, expect, it } from 'vitest';
import { CATALOGUE, CODES_OF_EVERY_DIALECT, STREAM_CATALOGUE, codesOf } from '../analysis/diagnostics/catalogue.ts';
import { SSE_CODES } from '../framing/sse/catalogue.ts';
import { EVENT_STREAM_CODES } from '../framing/aws-eventstream/catalogue.ts';
import { JSON_ARRAY_CODES } from '../framing/json-array/catalogue.ts';
import { errorBody } from '../replay/errors.ts';
import { detectProtocol, protocolFromPath } from './detect.ts';
import { PROTOCOLS, REGISTERED_DIALECTS, descriptorOf, protocolOfWord, registeredDialect } from './registry.ts';

describe('the registered dialects', () => {
  it('are Chat Completions, Responses, Anthropic Messages, Gemini and Bedrock ConverseStream, in the order detection asks them', () => {
    expect(PROTOCOLS).toEqual(['chat-completions', 'responses', 'anthropic-messages', 'gemini', 'bedrock-converse']);
  });

  it('each have a descriptor of their own: no two share a protocol, a word, a path or a path ending', () => {
    for (const key of ['protocol', 'word', 'path', 'pathEnding', 'name'] as const) {
      const values = REGISTERED_DIALECTS.map((dialect) => dialect.descriptor[key]);
      expect([key, new Set(values).size]).toEqual([key, values.length]);
    }
    for (const dialect of REGISTERED_DIALECTS) expect(dialect.protocol).toBe(dialect.descriptor.protocol);
  });

  it.each(PROTOCOLS)('%s is found by its name, its word and its path', (protocol) => {
    const { word, path } = descriptorOf(protocol);
    expect(registeredDialect(protocol).protocol).toBe(protocol);
    expect(protocolOfWord(word)).toBe(protocol);
    expect(protocolFromPath(path)).toBe(protocol);
    expect(protocolFromPath(`https://gateway.example/proxy${path.slice('/v1'.length)}?x=1`)).toBe(protocol);
    expect(detectProtocol({ url: path })).toEqual({ protocol, by: 'path' });
  });

  it('each report only their own catalogue\'s codes (beside the stream\'s and every framing\'s), and a code several report means one thing in all: one severity, one title', () => {
    const seen = new Map<string, { severity: string; title: string }>(Object.entries({ ...STREAM_CATALOGUE, ...SSE_CODES, ...EVENT_STREAM_CODES, ...JSON_ARRAY_CODES }).map(([code, { severity, title }]) => [code, { severity, title }]));
    for (const dialect of REGISTERED_DIALECTS) {
      for (const [code, { severity, title }] of Object.entries(dialect.catalogue)) {
        expect([dialect.protocol, code, seen.get(code) ?? { severity, title }]).toEqual([dialect.protocol, code, { severity, title }]);
        seen.set(code, { severity, title });
      }
    }
    expect(Object.keys(CATALOGUE).sort()).toEqual([...seen.keys()].sort());
  });

  it('say which codes every one of them may report: the stream\'s but the sentinel\'s (Chat Completions\' [DONE] alone), and those each catalogue has — no framing\'s, since Bedrock\'s frames are not SSE', () => {
    const stream = Object.keys(STREAM_CATALOGUE).filter((code) => code !== 'no-done' && code !== 'after-done');
    expect([...CODES_OF_EVERY_DIALECT].sort()).toEqual([...stream, 'malformed-chunk'].sort());
    expect(codesOf(registeredDialect('bedrock-converse')).has('frame-crc-mismatch')).toBe(true);
    expect(codesOf(registeredDialect('bedrock-converse')).has('partial-event')).toBe(false);
    expect(codesOf(registeredDialect('gemini')).has('partial-event')).toBe(true);
    expect(codesOf(registeredDialect('chat-completions')).has('no-done')).toBe(true);
    expect(codesOf(registeredDialect('responses')).has('no-done')).toBe(false);
  });

  it('each say how the recorder sends them, how the replay answers their errors, and how the reports and exports show them', () => {
    const facts = Object.fromEntries(
      REGISTERED_DIALECTS.map(({ protocol, descriptor: { auth, headers, usageRequest, aimock, final } }) => [protocol, { auth, headers, usageRequest, aimock, shape: final.shape }]),
    );
    expect(facts).toEqual({
      'chat-completions': { auth: 'bearer', headers: {}, usageRequest: '"stream_options": {"include_usage": true}', aimock: true, shape: 'choices' },
      responses: { auth: 'bearer', headers: {}, usageRequest: null, aimock: false, shape: 'object' },
      'anthropic-messages': { auth: 'x-api-key', headers: { 'anthropic-version': '2023-06-01' }, usageRequest: null, aimock: false, shape: 'object' },
      gemini: { auth: 'x-goog-api-key', headers: {}, usageRequest: null, aimock: false, shape: 'object' },
      'bedrock-converse': { auth: 'bearer', headers: {}, usageRequest: null, aimock: false, shape: 'object' },
    });
    const error = { message: 'm', type: 'requests', param: null, code: 'rate_limit_exceeded' };
    expect(PROTOCOLS.map((protocol) => errorBody(protocol, 429, error))).toEqual([
      '{"error":{"message":"m","type":"requests","param":null,"code":"rate_limit_exceeded"}}',
      '{"error":{"message":"m","type":"requests","param":null,"code":"rate_limit_exceeded"}}',
      '{"type":"error","error":{"type":"rate_limit_error","message":"m"}}',
      '{"error":{"code":429,"message":"m","status":"RESOURCE_EXHAUSTED"}}',
      '{"message":"m","__type":"ThrottlingException"}',
    ]);
    expect(errorBody(null, 429, error)).toBe(errorBody('chat-completions', 429, error));
    expect(PROTOCOLS.map((protocol) => descriptorOf(protocol).endReasons(null))).toEqual([[], [], [], [], []]);
  });

  it('know no other word', () => {
    expect(['', 'anthropic', 'chat-completions', 'Chat', 'constructor', '__proto__'].map(protocolOfWord)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
