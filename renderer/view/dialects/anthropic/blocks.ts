// An Anthropic `message` as the message panel lays it out: each content block in order — text with
// its citations, tool_use (and server_tool_use) with its input, thinking with the state of its
// signature, redacted_thinking, any other block as JSON — and the stop reason it ended with
// (@anthropic-ai/sdk types: ContentBlock, StopReason).

import { formatCount } from '../../../components/format.ts';
import { TOOL_BLOCKS } from '../../../../shared/dialects/anthropic/accumulate.ts';
import { asObject, citationOf, factOf, isEnded, rest, text } from '../kit/final-entry.ts';
import type { Entry, Fact, Moment, Outcome } from '../kit/final-entry.ts';

export function messageEntries(content: unknown): Entry[] {
  if (!Array.isArray(content)) return [];
  return content.map((block, index) => entryOf(asObject(block), index));
}

function entryOf(block: Readonly<Record<string, unknown>>, index: number): Entry {
  const type = text(block.type) ?? '(no type)';
  const where = `content[${index}]`;
  const entry = { where, index, type, name: null, refusal: false };
  switch (type) {
    case 'text': {
      const citations = Array.isArray(block.citations) ? block.citations.map(citationOf) : [];
      return { ...entry, kind: 'message', facts: [], parts: [{ where: 'text', type: 'text', kind: 'text', text: text(block.text) ?? '', citations }] };
    }
    case 'thinking':
      return { ...entry, kind: 'reasoning', facts: [signatureFact(block.signature)], parts: [{ where: 'thinking', type: 'thinking', kind: 'reasoning', text: text(block.thinking) ?? '', citations: [] }] };
    case 'redacted_thinking': {
      const data = text(block.data);
      const value = data === null ? 'none' : `${formatCount(data.length)} characters, encrypted: only the API can read it`;
      return { ...entry, kind: 'reasoning', facts: [{ label: 'data', value, tone: data === null ? 'bad' : 'plain' }], parts: [] };
    }
    default:
      if (TOOL_BLOCKS.has(type)) {
        const input = block.input === undefined ? [] : [{ where: 'input', type: 'input', kind: 'arguments' as const, text: JSON.stringify(block.input, null, 2), citations: [] }];
        return { ...entry, kind: 'tool', name: text(block.name), facts: factOf(block, 'id'), parts: input };
      }
      return { ...entry, kind: 'other', facts: [...factOf(block, 'id'), ...factOf(block, 'tool_use_id')], parts: [{ where, type, kind: 'json', text: JSON.stringify(rest(block, ['type', 'id', 'tool_use_id']), null, 2), citations: [] }] };
  }
}

/**
 * A thinking block's signature: the API checks it when the thinking is sent back (a tool-use turn
 * must send its thinking blocks back unchanged), so a block without one cannot be.
 */
function signatureFact(signature: unknown): Fact {
  if (typeof signature === 'string' && signature !== '') return { label: 'signature', value: `signed (${formatCount(signature.length)} characters)`, tone: 'plain' };
  return { label: 'signature', value: 'none: no signature_delta came, so this thinking cannot be sent back to the API', tone: 'warn' };
}

/** What each stop reason means for a client (StopReason of the Messages API). */
const STOPS: Readonly<Record<string, { readonly tone: Outcome['tone']; readonly sentence: string }>> = {
  end_turn: { tone: 'plain', sentence: 'The model ended its turn.' },
  tool_use: { tone: 'plain', sentence: 'The model stopped to call tools: run them and send their results back.' },
  stop_sequence: { tone: 'plain', sentence: 'The model stopped at one of the request’s stop sequences.' },
  max_tokens: { tone: 'warn', sentence: 'Cut at max_tokens: the answer is incomplete.' },
  model_context_window_exceeded: { tone: 'warn', sentence: 'Cut at the model’s context window: the answer is incomplete.' },
  pause_turn: { tone: 'plain', sentence: 'A long turn paused: send the message back as it is to let the model continue.' },
  refusal: { tone: 'warn', sentence: 'The model refused: what it wrote before (if anything) is not an answer, and a client that reads only the text may show it as one.' },
};

/** How the message ended, by the last message_delta's stop reason (null when none came). */
export function stopOutcome(message: Readonly<Record<string, unknown>>, moment: Moment): { outcome: Outcome; facts: Fact[] } {
  const reason = text(message.stop_reason);
  const facts: Fact[] = [];
  if (typeof message.stop_sequence === 'string') facts.push({ label: 'stop_sequence', value: JSON.stringify(message.stop_sequence), tone: 'plain' });
  if (reason === null) {
    const sentence = isEnded(moment)
      ? 'No stop reason: no message_delta said why the message stopped, so the stream did not finish.'
      : moment.asOf
        ? 'No stop reason as of this event: message_delta has not come yet.'
        : 'No stop reason yet: still streaming.';
    return { outcome: { label: 'stop_reason', value: null, tone: isEnded(moment) ? 'bad' : 'muted', sentence, refusal: false }, facts };
  }
  const known = STOPS[reason] ?? { tone: 'plain', sentence: 'A stop reason outside the documented set.' };
  return { outcome: { label: 'stop_reason', value: reason, tone: known.tone, sentence: known.sentence, refusal: reason === 'refusal' }, facts };
}
