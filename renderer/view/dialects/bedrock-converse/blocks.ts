// A ConverseStream's `output` as the message panel lays it out: each content block of its message
// in order — text (with its citations), toolUse with its input reassembled from the fragments,
// reasoningContent with the state of its signature or its redactedContent, a toolResult or an
// image, and any block type a newer model sends as JSON, under its own name (never dropped) — and
// the stopReason it ended with, its usage and metrics.latencyMs (@aws-sdk/client-bedrock-runtime
// types: ContentBlock, StopReason, ConverseStreamMetrics).

import { formatCount } from '../../../components/format.ts';
import { asObject, factOf, isEnded, text } from '../kit/final-entry.ts';
import type { Citation, Entry, Fact, Moment, Outcome } from '../kit/final-entry.ts';

export function messageEntries(message: unknown): Entry[] {
  const content = asObject(message).content;
  if (!Array.isArray(content)) return [];
  return content.map((block, index) => entryOf(asObject(block), index));
}

function entryOf(block: Readonly<Record<string, unknown>>, index: number): Entry {
  // A ContentBlock is a union: one member, its type.
  const type = Object.keys(block)[0] ?? '(empty block)';
  const value = asObject(block[type]);
  const entry = { where: `content[${index}]`, index, type, name: null, refusal: false };
  switch (type) {
    case 'text':
      return { ...entry, kind: 'message', facts: [], parts: [{ where: 'text', type: 'text', kind: 'text', text: text(block.text) ?? '', citations: [] }] };
    case 'citationsContent': {
      const pieces = Array.isArray(value.content) ? value.content.map((piece) => text(asObject(piece).text) ?? '') : [];
      const citations = Array.isArray(value.citations) ? value.citations.map(citationOf) : [];
      return { ...entry, kind: 'message', facts: [], parts: [{ where: 'content', type: 'text', kind: 'text', text: pieces.join(''), citations }] };
    }
    case 'reasoningContent':
      return reasoningEntry(entry, value);
    case 'toolUse': {
      const input = value.input === undefined ? [] : [{ where: 'input', type: 'input', kind: 'arguments' as const, text: typeof value.input === 'string' ? value.input : JSON.stringify(value.input, null, 2), citations: [] }];
      return { ...entry, kind: 'tool', name: text(value.name), facts: [...factOf(value, 'toolUseId'), ...factOf(value, 'type')], parts: input };
    }
    default:
      // toolResult, image, and what a newer API sends: as it came.
      return { ...entry, kind: 'other', facts: factOf(value, 'toolUseId'), parts: [{ where: type, type, kind: 'json', text: JSON.stringify(block[type], null, 2), citations: [] }] };
  }
}

/** Reasoning text with its signature (what the next turn must send back), or redacted reasoning: bytes only the model reads. */
function reasoningEntry(entry: Pick<Entry, 'where' | 'index' | 'type' | 'name' | 'refusal'>, value: Readonly<Record<string, unknown>>): Entry {
  const redacted = text(value.redactedContent);
  if (redacted !== null) return { ...entry, kind: 'reasoning', facts: [{ label: 'redactedContent', value: `${formatCount(redacted.length)} characters of base64, encrypted: send it back as it is`, tone: 'plain' }], parts: [] };
  const reasoning = asObject(value.reasoningText);
  const signature = text(reasoning.signature);
  const fact: Fact =
    signature !== null && signature !== ''
      ? { label: 'signature', value: `signed (${formatCount(signature.length)} characters)`, tone: 'plain' }
      : { label: 'signature', value: 'none: no reasoningContent.signature came, so this reasoning cannot be sent back to a model that checks it', tone: 'warn' };
  return { ...entry, kind: 'reasoning', facts: [fact], parts: [{ where: 'reasoningText', type: 'reasoningText', kind: 'reasoning', text: text(reasoning.text) ?? '', citations: [] }] };
}

/** A Converse citation: its title and the location it points at. */
function citationOf(citation: unknown): Citation {
  const object = asObject(citation);
  const location = asObject(object.location);
  const where = Object.keys(location)[0];
  const detail = [text(object.title), where === undefined ? null : `${where} ${JSON.stringify(location[where])}`].filter((piece): piece is string => piece !== null).join(' — ');
  return { type: where ?? 'citation', detail };
}

/** What each stopReason means for a client (StopReason of the Converse API). */
const STOPS: Readonly<Record<string, { readonly tone: Outcome['tone']; readonly sentence: string }>> = {
  end_turn: { tone: 'plain', sentence: 'The model ended its turn.' },
  tool_use: { tone: 'plain', sentence: 'The model stopped to use tools: run them and send their toolResult blocks back.' },
  stop_sequence: { tone: 'plain', sentence: 'The model stopped at one of the request’s stopSequences.' },
  max_tokens: { tone: 'warn', sentence: 'Cut at inferenceConfig.maxTokens: the answer is incomplete.' },
  model_context_window_exceeded: { tone: 'warn', sentence: 'Cut at the model’s context window: the answer is incomplete.' },
  guardrail_intervened: { tone: 'warn', sentence: 'A guardrail intervened: what came before may be cut or replaced.' },
  content_filtered: { tone: 'warn', sentence: 'A content filter stopped the answer: what came before may be cut.' },
  malformed_model_output: { tone: 'warn', sentence: 'The model’s output could not be read as a response.' },
  malformed_tool_use: { tone: 'warn', sentence: 'The model wrote a tool use that does not fit its toolSpec: nothing to run.' },
};

/** How the response ended, by messageStop's stopReason (null when none came), with metadata's latency. */
export function stopOutcome(response: Readonly<Record<string, unknown>>, moment: Moment): { outcome: Outcome; facts: Fact[] } {
  const facts: Fact[] = [];
  const latency = asObject(response.metrics).latencyMs;
  if (typeof latency === 'number') facts.push({ label: 'metrics.latencyMs', value: `${formatCount(latency)} ms`, tone: 'plain' });
  const reason = text(response.stopReason);
  if (reason === null) {
    const sentence = isEnded(moment)
      ? 'No stopReason: no messageStop came, so the stream did not finish (an exception frame, or a cut body, ends it so).'
      : moment.asOf
        ? 'No stopReason as of this event: messageStop has not come yet.'
        : 'No stopReason yet: still streaming.';
    return { outcome: { label: 'stopReason', value: null, tone: isEnded(moment) ? 'bad' : 'muted', sentence, refusal: false }, facts };
  }
  const known = STOPS[reason] ?? { tone: 'plain' as const, sentence: 'A stopReason outside the documented set.' };
  return { outcome: { label: 'stopReason', value: reason, tone: known.tone, sentence: known.sentence, refusal: reason === 'guardrail_intervened' || reason === 'content_filtered' }, facts };
}
