// `streamscope inspect` in text mode on streams far bigger than a person reads (issue 27): 100,000
// content blocks or output items crashed it (a push(...) of every line), and a huge text crashed
// the join. The report lists the first items, cuts each field, and says what it left out; --json
// keeps everything.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, MAX_LISTED_ITEMS } from './text-bounds.ts';
import { runCli as run } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-bounds-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const BLOCKS = 100_000;
const event = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const chunk = (delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

function manyBlocks(): string {
  const parts = [event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } } })];
  for (let index = 0; index < BLOCKS; index++) parts.push(event('content_block_start', { index, content_block: { type: 'text', text: `block ${index}` } }), event('content_block_stop', { index }));
  parts.push(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 7 } }), event('message_stop', {}));
  return parts.join('');
}

function manyItems(): string {
  const response = { id: 'resp_1', object: 'response', created_at: 1, model: 'gpt-test', status: 'in_progress', output: [] };
  const parts = [event('response.created', { sequence_number: 0, response })];
  for (let index = 0; index < BLOCKS; index++) {
    const item = { type: 'message', id: `msg_${index}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: `item ${index}`, annotations: [] }] };
    parts.push(event('response.output_item.added', { output_index: index, item }), event('response.output_item.done', { output_index: index, item }));
  }
  // The terminal response leaves its output out (a finding, beside the point here): 100,000 items once is enough.
  return parts.join('') + event('response.completed', { response: { ...response, status: 'completed' } });
}

describe('inspect in text mode, bounded', () => {
  it(`lists the first ${MAX_LISTED_ITEMS} of 100,000 Anthropic content blocks and counts the rest`, async () => {
    const { code, out, err } = await run('inspect', file('blocks.sse', manyBlocks()), '--summary');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`  content[${MAX_LISTED_ITEMS - 1}] text:\n    block ${MAX_LISTED_ITEMS - 1}\n  … 99,000 more content blocks (the whole of it: --json, or streamscope export)\n`);
    expect(out).not.toContain(`\n  content[${MAX_LISTED_ITEMS}] `);
    expect(out).toContain('Diagnostics: ');
  });

  it(`lists the first ${MAX_LISTED_ITEMS} of 100,000 Responses output items and counts the rest`, async () => {
    const { code, out, err } = await run('inspect', file('items.sse', manyItems()));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`  output[${MAX_LISTED_ITEMS - 1}] message  id msg_${MAX_LISTED_ITEMS - 1}\n    content[0] output_text:\n      item ${MAX_LISTED_ITEMS - 1}\n  … 99,000 more output items`);
    expect(out).not.toContain(`\n  output[${MAX_LISTED_ITEMS}] `);
  });

  it('shows the start of a long text with how many characters it leaves out, where --json keeps all of it', async () => {
    const text = 'ab'.repeat(25_000);
    const path = file('long.sse', chunk({ role: 'assistant', content: '' }) + chunk({ content: text }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
    const { code, out } = await run('inspect', path, '--summary');
    expect(code).toBe(0);
    expect(out).toContain(`  content:\n    ${text.slice(0, MAX_FIELD_CHARS)}\n    … 30,000 more characters (the whole of it: --json, or streamscope export)\n`);
    expect(out.length).toBeLessThan(MAX_FIELD_CHARS + 2_000);
    const whole = JSON.parse((await run('inspect', path, '--json')).out) as { choices: { message: { content: string } }[] };
    expect(whole.choices[0]!.message.content).toBe(text);
  });

  it('shows long tool arguments as they came, cut, instead of pretty-printing all of them', async () => {
    const args = JSON.stringify({ rows: Array.from({ length: 5_000 }, (_, i) => [i, i]) });
    const path = file('args.sse', chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'store', arguments: args } }] }) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n');
    const { code, out } = await run('inspect', path, '--summary');
    expect(code).toBe(0);
    expect(out).toContain(`  tool_calls[0] store  id call_1  1 argument fragment\n    ${args.slice(0, MAX_FIELD_CHARS)}\n    … ${(args.length - MAX_FIELD_CHARS).toLocaleString('en-US')} more characters`);
  });
});
