import { describe, expect, it } from 'vitest';
import { PROBE_INTEGERS, PROBE_STRINGS, Template } from './template.ts';

const FIELDS = [
  { key: 'delta', type: 'string' },
  { key: 'sequence_number', type: 'integer' },
  { key: 'obfuscation', type: 'string' },
] as const;

const data = (delta: string, sequence: number, padding: string) =>
  `{"type":"response.output_text.delta","content_index":0,"delta":${JSON.stringify(delta)},"item_id":"msg_1","logprobs":[],"obfuscation":${JSON.stringify(padding)},"output_index":0,"sequence_number":${sequence}}`;

describe('a template', () => {
  const template = Template.learn(data('Hi', 4, 'abc'), 'response.output_text.delta', FIELDS)!;

  it('puts probe values in its places', () => {
    expect(template.probe()).toBe(data(PROBE_STRINGS[0]!, PROBE_INTEGERS[1]!, PROBE_STRINGS[2]!));
  });

  it('matches the same text around other values, and reads them', () => {
    const values: (string | number | null)[] = [null, null, null];
    expect(template.match(data('wörld "quoted"\n', 1234, ''), values)).toBe(true);
    expect(values).toEqual(['wörld "quoted"\n', 1234, '']);
  });

  it('does not match any other text', () => {
    const values: (string | number | null)[] = [null, null, null];
    expect(template.match(data('Hi', 4, 'abc').replace('msg_1', 'msg_2'), values)).toBe(false);
    expect(template.match(data('Hi', 4, 'abc').replace('"sequence_number":4', '"sequence_number":4.5'), values)).toBe(false);
    expect(template.match(data('Hi', 4, 'abc').replace('"sequence_number":4', '"sequence_number":-4'), values)).toBe(false);
    expect(template.match(data('Hi', 4, 'abc').replace('"delta":"Hi"', '"delta":5'), values)).toBe(false);
    expect(template.match(data('Hi', 4, 'abc') + ' x', values)).toBe(false);
    expect(template.match('', values)).toBe(false);
  });

  it('is not learned when its first field occurs twice or not at all', () => {
    expect(Template.learn('{"delta":"a","x":{"delta":"b"}}', null, FIELDS)).toBeNull();
    expect(Template.learn('{"text":"a"}', null, FIELDS)).toBeNull();
  });

  it('ignores the whitespace before the final brace (Anthropic pads it)', () => {
    const padded = (text: string, spaces: number) => `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(text)}}${' '.repeat(spaces)}}`;
    const anthropic = Template.learn(padded('a', 5), null, [{ key: 'text', type: 'string' }])!;
    const values: (string | number | null)[] = [null];
    expect(anthropic.match(padded('b', 0), values)).toBe(true);
    expect(values).toEqual(['b']);
    expect(anthropic.match(padded('c', 12) + '\n', values)).toBe(true);
    expect(values).toEqual(['c']);
  });
});
