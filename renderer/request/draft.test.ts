import { describe, expect, it } from 'vitest';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { addMessage, editMessage, emptyDraft, messageRow, messagesJson, moveMessage, NO_PARAMS, removeMessage, rowMessage, withProfile, withProtocol } from './draft.ts';

const rows = () => [messageRow({ role: 'system', content: 'Be terse.' }), messageRow({ role: 'user', content: 'Hi' }), messageRow({ role: 'assistant', content: 'Hello.' })];
const shown = (list: ReturnType<typeof rows>) => list.map((row) => `${row.role}: ${row.text}`);

describe('the chat editor', () => {
  it('adds an empty message, a user turn after an answer and an answer after a user turn', () => {
    const three = rows();
    expect(shown(addMessage(three))).toEqual(['system: Be terse.', 'user: Hi', 'assistant: Hello.', 'user: ']);
    expect(shown(addMessage(three.slice(0, 2)))).toEqual(['system: Be terse.', 'user: Hi', 'assistant: ']);
    expect(shown(addMessage([]))).toEqual(['user: ']);
  });

  it('removes, moves and edits one message, keeping each row its key', () => {
    const three = rows();
    expect(shown(removeMessage(three, 1))).toEqual(['system: Be terse.', 'assistant: Hello.']);
    const moved = moveMessage(three, 2, -1);
    expect(shown(moved)).toEqual(['system: Be terse.', 'assistant: Hello.', 'user: Hi']);
    expect(moved.map((row) => row.key)).toEqual([three[0]!.key, three[2]!.key, three[1]!.key]);
    expect(shown(moveMessage(three, 0, -1))).toEqual(shown(three));
    expect(shown(moveMessage(three, 2, 1))).toEqual(shown(three));
    expect(shown(editMessage(three, 1, { role: 'developer', text: 'Hi there' }))).toEqual(['system: Be terse.', 'developer: Hi there', 'assistant: Hello.']);
  });

  it('keeps what it does not edit (content parts, tool calls, names) in the message sent', () => {
    const parts = messageRow({ role: 'user', name: 'ana', content: [{ type: 'text', text: 'Hi' }] });
    expect(parts.text).toBeNull();
    expect(rowMessage({ ...parts, role: 'developer' })).toEqual({ role: 'developer', name: 'ana', content: [{ type: 'text', text: 'Hi' }] });
    const call = messageRow({ role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' });
    expect(rowMessage({ ...call, text: '{"ok":false}' })).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '{"ok":false}' });
  });

  it('shows its messages in the raw JSON tab as the array sent', () => {
    expect(JSON.parse(messagesJson(rows()))).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
    ]);
  });
});

describe('the API of a draft', () => {
  const profile = (name: string, protocols: ProfileInfo['protocols']): ProfileInfo => ({ name, label: name, baseUrl: null, defaultModel: null, needsKey: false, protocols, key: null, note: null });

  it("keeps the parameters the new API has, the token limit under its name, and fills Anthropic's required max_tokens", () => {
    const chat = { ...emptyDraft(), params: { ...NO_PARAMS, temperature: '0.5', max_tokens: '300', n: '2', seed: '7', tool_choice: 'required' } };
    expect(withProtocol(chat, 'responses').params).toEqual({ ...NO_PARAMS, temperature: '0.5', max_output_tokens: '300', tool_choice: 'required' });
    expect(withProtocol(chat, 'anthropic-messages').params).toEqual({ ...NO_PARAMS, temperature: '0.5', max_tokens: '300', tool_choice: 'any' });
    expect(withProtocol(withProtocol(chat, 'anthropic-messages'), 'chat-completions').params).toEqual({ ...NO_PARAMS, temperature: '0.5', max_tokens: '300', tool_choice: 'required' });
    expect(emptyDraft('simulator', 'anthropic-messages').params).toEqual({ ...NO_PARAMS, max_tokens: '4096' });
    // The filled-in limit is not carried back to an API that needs none; one the user set is.
    expect(withProtocol(withProtocol(emptyDraft(), 'anthropic-messages'), 'chat-completions').params).toEqual(NO_PARAMS);
    expect(withProtocol(emptyDraft('simulator', 'anthropic-messages'), 'responses').params).toEqual(NO_PARAMS);
    expect(emptyDraft('simulator', 'responses')).toMatchObject({ protocol: 'responses', params: NO_PARAMS });
  });

  it("stays when the new profile serves it, and is the profile's first when it does not", () => {
    const responses = { ...emptyDraft('openai', 'responses'), baseUrl: 'https://x.example/v1', model: 'gpt-5' };
    expect(withProfile(responses, 'simulator', profile('simulator', ['chat-completions', 'responses', 'anthropic-messages']))).toMatchObject({ profile: 'simulator', protocol: 'responses', baseUrl: '', model: '' });
    expect(withProfile(responses, 'anthropic', profile('anthropic', ['anthropic-messages']))).toMatchObject({ profile: 'anthropic', protocol: 'anthropic-messages', params: { max_tokens: '4096' } });
    expect(withProfile(responses, 'groq', profile('groq', ['chat-completions'])).protocol).toBe('chat-completions');
    expect(withProfile(responses, 'gone', undefined).protocol).toBe('responses');
  });

  it('gives a Responses item without a role back without one', () => {
    const item = messageRow({ type: 'function_call_output', call_id: 'c1', output: '{"ok":true}' });
    expect(item.role).toBe('');
    expect(rowMessage(item)).toEqual({ type: 'function_call_output', call_id: 'c1', output: '{"ok":true}' });
  });
});
