// A Responses `response` as the message panel lays it out: each output item in order — a message
// with its content parts (text with its annotations, refusal), a reasoning item with its summary
// and reasoning text, a function call (or a custom or MCP tool call) with its arguments, any other
// item as JSON — and the status it ended with (openai SDK types: ResponseOutputItem, Response.status).

import { formatCount } from '../../../components/format.ts';
import { CHANNELS } from '../../../../shared/dialects/responses/ops.ts';
import { asObject, citationOf, factOf, isEnded, prettyIfJson, rest, text } from '../kit/final-entry.ts';
import type { Entry, Fact, Moment, Outcome, Part } from '../kit/final-entry.ts';

/**
 * The item types that call a tool (function, custom tool, MCP, code interpreter), and the member
 * holding what they pass it: the items whose own text deltas extend (the dialect's channels).
 */
export const TOOL_ITEMS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(CHANNELS)
    .filter((channel) => channel.area === 'item')
    .map((channel) => [channel.itemType, channel.key]),
);

export function responseEntries(output: unknown): Entry[] {
  if (!Array.isArray(output)) return [];
  return output.map((item, index) => entryOf(asObject(item), index));
}

function entryOf(item: Readonly<Record<string, unknown>>, index: number): Entry {
  const type = text(item.type) ?? '(no type)';
  const where = `output[${index}]`;
  const common = [...factOf(item, 'id'), ...factOf(item, 'status')];
  if (type === 'message') {
    const parts = partsOf(item.content, 'content');
    return { where, index, type, kind: 'message', name: null, refusal: parts.some((part) => part.kind === 'refusal'), facts: [...factOf(item, 'role'), ...common], parts };
  }
  if (type === 'reasoning') {
    const parts = [...partsOf(item.summary, 'summary'), ...partsOf(item.content, 'content')];
    const facts: Fact[] = [...common];
    if (typeof item.encrypted_content === 'string') facts.push({ label: 'encrypted_content', value: `${formatCount(item.encrypted_content.length)} characters`, tone: 'plain' });
    if (parts.length === 0) facts.push({ label: 'summary', value: 'none (the reasoning was not summarised)', tone: 'muted' });
    return { where, index, type, kind: 'reasoning', name: null, refusal: false, facts, parts };
  }
  const member = TOOL_ITEMS[type];
  if (member !== undefined) {
    const facts = [...factOf(item, 'call_id'), ...factOf(item, 'server_label'), ...common];
    const value = text(item[member]);
    const parts: Part[] = value === null ? [] : [{ where: member, type: member, kind: 'arguments', text: prettyIfJson(value), citations: [] }];
    return { where, index, type, kind: 'tool', name: text(item.name), refusal: false, facts, parts };
  }
  return { where, index, type, kind: 'other', name: null, refusal: false, facts: common, parts: [{ where, type, kind: 'json', text: JSON.stringify(rest(item, ['type', 'id', 'status']), null, 2), citations: [] }] };
}

function partsOf(value: unknown, area: 'content' | 'summary'): Part[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry, index) => {
    const part = asObject(entry);
    const type = text(part.type) ?? '(no type)';
    const where = `${area}[${index}]`;
    if (type === 'refusal') return { where, type, kind: 'refusal', text: text(part.refusal) ?? '', citations: [] };
    const kind = area === 'summary' ? 'summary' : type === 'reasoning_text' ? 'reasoning' : type === 'output_text' ? 'text' : null;
    if (kind === null) return { where, type, kind: 'json', text: JSON.stringify(rest(part, ['type']), null, 2), citations: [] };
    const annotations = Array.isArray(part.annotations) ? part.annotations.map(citationOf) : [];
    return { where, type, kind, text: text(part.text) ?? '', citations: annotations };
  });
}

/** How the response ended, by its status (the terminal event's; "in_progress" when none came); `refusal`: an output item holds one. */
export function statusOutcome(response: Readonly<Record<string, unknown>>, moment: Moment, refusal: boolean): { outcome: Outcome; facts: Fact[] } {
  const status = text(response.status);
  const facts: Fact[] = [];
  const reason = text(asObject(response.incomplete_details).reason);
  const error = asObject(response.error);
  if (reason !== null) facts.push({ label: 'incomplete_details.reason', value: reason, tone: 'warn' });
  if (response.error !== null && response.error !== undefined) facts.push({ label: 'error', value: [text(error.code), text(error.message)].filter((piece) => piece !== null).join(': ') || JSON.stringify(response.error), tone: 'bad' });
  const outcome = (tone: Outcome['tone'], sentence: string): Outcome => ({ label: 'status', value: status, tone, sentence, refusal });
  switch (status) {
    case 'completed':
      return { outcome: outcome(refusal ? 'warn' : 'plain', refusal ? 'Completed, with a refusal: the model refused, and a client that reads only output_text shows an empty answer.' : 'Completed: response.completed ended the stream.'), facts };
    case 'incomplete':
      return { outcome: outcome('warn', `Incomplete: the output stopped early${reason === null ? '' : ` (${reason})`}, so the answer is cut.`), facts };
    case 'failed':
      return { outcome: outcome('bad', 'Failed: response.failed ended the stream; there is no complete answer.'), facts };
    case 'cancelled':
      return { outcome: outcome('bad', 'Cancelled: the response was cancelled before it finished.'), facts };
    default:
      // finalResponse() says "in_progress" whenever no terminal event came (docs/architecture.md, "The stream").
      if (isEnded(moment)) return { outcome: outcome('bad', 'Not finished: the stream ended without response.completed, .incomplete or .failed.'), facts };
      return { outcome: outcome('muted', moment.asOf ? 'Not finished as of this event: no terminal event yet.' : 'Not finished yet: still streaming.'), facts };
  }
}
