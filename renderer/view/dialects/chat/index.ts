// Chat Completions in the renderer: its message per choice (./Choices.tsx) and tool calls per
// choice and index (./ToolCards.tsx), read from its client state (shared/dialects/chat/), its
// usage (CompletionUsage), its chunks in the inspector and its choices in the compare view.

import type { StreamState } from '../../../../shared/dialects/chat/accumulate.ts';
import { describeOp } from '../../../../shared/dialects/chat/annotate.ts';
import { toChoices } from '../../../../shared/dialects/chat/message.ts';
import { descriptorOf } from '../../../../shared/dialects/registry.ts';
import { diffMessages } from '../../../compare/message-diff.ts';
import { effectWords } from '../../inspector/effect-words.ts';
import { deltasOf } from '../../inspector/json-view.ts';
import type { DialectView } from '../types.ts';
import { ChoicesBody } from './Choices.tsx';
import { ChatToolCards } from './ToolCards.tsx';
import { chatReading } from '../../../../shared/dialects/chat/kept.ts';

/** Operations are worded with text quoted up to this many characters. */
const OP_TEXT = 400;

/** The usage a reader looks for first, by its dotted paths (CompletionUsage). */
export const CHAT_HEADLINE: DialectView['usage']['headline'] = [
  ['prompt_tokens', 'prompt'],
  ['completion_tokens', 'completion'],
  ['total_tokens', 'total'],
  ['completion_tokens_details.reasoning_tokens', 'reasoning'],
  ['prompt_tokens_details.cached_tokens', 'cached'],
];

const descriptor = descriptorOf('chat-completions');

export const chatView: DialectView = {
  protocol: 'chat-completions',
  message: { title: descriptor.final.title, Body: ChoicesBody },
  layout: null,
  request: { chatShaped: (body) => body, includeUsage: true, noConversation: 'The body has no messages array.' },
  ToolCards: ChatToolCards,
  toolTracks: (analysis) =>
    [...analysis.state.choices.values()].flatMap((choice) =>
      [...choice.toolCalls.values()].map((call) => {
        const name = `tool call [${call.index}]${call.indexAssigned ? ' (no index sent)' : ''}`;
        return {
          key: `tool:${choice.index}:${call.index}${call.indexAssigned ? ':assigned' : ''}`,
          label: choice.index === 0 ? name : `choice ${choice.index} · ${name}`,
          colour: call.index,
          order: [choice.index, call.index] as const,
          count: call.events.length,
          eventOf: (fragment: number) => call.events[fragment]!,
        };
      }),
    ),
  usage: {
    of: (_analysis, viewed) => viewed.state.usage,
    headline: CHAT_HEADLINE,
    // usageFields knows Chat Completions' own fields.
    documented: null,
    none: 'No usage in the stream (a request asks for it with "stream_options": {"include_usage": true}).',
    outputTokens: null,
    outputTokensField: descriptor.outputTokensField,
  },
  endChecks: 'finish reason, [DONE], tool-call arguments, usage, unfinished event',
  scrubbed: (event, state) => ({ event, state: state as StreamState, choices: toChoices(state as StreamState) }),
  live: (analyzer) => {
    const choices = toChoices(analyzer.dialectState as StreamState);
    return { choices, final: choices };
  },
  inspector: {
    effect: (reader, event) => effectWords(reader.at(event.sse.index), event.interpretation.kind),
    words: () => null,
    ops: (event) => chatReading(event).ops.map((op) => describeOp(op, OP_TEXT)),
    deltas: deltasOf,
    noDelta: 'No choice delta in this event.',
    noUnknownFields: 'None: every field is one OpenAI sends.',
  },
  compare: {
    diff: (a, b) => {
      const choices = diffMessages(a.choices, b.choices);
      const several = choices.length > 1;
      return choices.map((choice) => ({ key: `choice ${choice.index}`, title: `Choice ${choice.index}`, titled: several || choice.onlyIn !== null, onlyIn: choice.onlyIn, fields: choice.fields, identical: choice.identical }));
    },
    same: (groups) => `${groups.length > 1 ? 'messages' : 'message'}, field for field`,
    testIdOf: (group) => `compare-${group.key.replace(' ', '-')}`,
  },
};
