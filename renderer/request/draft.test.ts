import { describe, expect, it } from 'vitest';
import { addMessage, editMessage, messageRow, messagesJson, moveMessage, removeMessage, rowMessage } from './draft.ts';

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
