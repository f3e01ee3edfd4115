import { describe, expect, it } from 'vitest';
import { detectProtocol, protocolFromPath } from './detect.ts';
import { PROTOCOLS, REGISTERED_DIALECTS, descriptorOf, protocolOfWord, registeredDialect } from './registry.ts';

describe('the registered dialects', () => {
  it('are Chat Completions, Responses and Anthropic Messages, in the order detection asks them', () => {
    expect(PROTOCOLS).toEqual(['chat-completions', 'responses', 'anthropic-messages']);
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

  it('know no other word', () => {
    expect(['', 'anthropic', 'chat-completions', 'Chat', 'constructor', '__proto__'].map(protocolOfWord)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
