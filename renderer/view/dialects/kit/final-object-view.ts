// The view of a dialect whose stream ends in one final object (a Responses `response`, an
// Anthropic `message`) and whose tool calls are its items or blocks: built from what the dialect
// says of itself — how it reads its final object and its tool calls, and its words.

import { registeredDialect } from '../../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import type { DialectView } from '../types.ts';
import { diffFinals } from './final-diff.ts';
import { finalLayout } from './final-view.ts';
import type { FinalObjectReading } from './final-view.ts';
import { finalObjectBody } from './FinalObject.tsx';
import { toolItemCards } from './ToolItemCards.tsx';
import type { ToolItemWords } from './ToolItemCards.tsx';
import { toolItemsOf } from './tool-items.ts';
import type { ToolItemReading } from './tool-items.ts';
import { finalObjectState, OUTPUT_TOKENS_FROM_USAGE, TYPED_INSPECTOR, usageOfFinalObject } from './typed.ts';

export interface FinalObjectDialect {
  readonly protocol: Protocol;
  readonly final: Omit<FinalObjectReading, 'protocol' | 'noun'>;
  /** What its entries are called, as a heading: `Output items`. */
  readonly entries: string;
  readonly tools: { readonly reading: ToolItemReading; readonly words: ToolItemWords };
  readonly usage: Pick<DialectView['usage'], 'headline' | 'documented' | 'none' | 'beside'>;
  readonly request: Pick<DialectView['request'], 'chatShaped' | 'noConversation'>;
  readonly endChecks: string;
}

export function finalObjectView(dialect: FinalObjectDialect): DialectView {
  const { protocol, tools } = dialect;
  const registered = registeredDialect(protocol);
  const { title, noun, sdkCall } = registered.descriptor.final;
  const layout = finalLayout({ ...dialect.final, protocol, noun });
  return {
    protocol,
    message: { title, Body: finalObjectBody({ layout, sdkCall, entries: dialect.entries }) },
    layout,
    request: { ...dialect.request, includeUsage: false },
    ToolCards: toolItemCards(tools.reading, tools.words),
    toolTracks: (analysis) =>
      toolItemsOf(analysis.events, tools.reading).map((call, ordinal) => ({
        // Keyed by where and when it opened: a block index used again later is another call.
        key: `tool:${call.where}@${call.openedAt}`,
        label: `${call.where} ${call.name ?? call.type}`,
        colour: ordinal,
        order: [0, ordinal],
        count: call.fragments.length,
        eventOf: (fragment) => call.fragments[fragment]!.event,
      })),
    usage: { ...dialect.usage, of: usageOfFinalObject, outputTokens: OUTPUT_TOKENS_FROM_USAGE, outputTokensField: registered.descriptor.outputTokensField },
    endChecks: dialect.endChecks,
    ...finalObjectState(registered),
    inspector: TYPED_INSPECTOR,
    compare: {
      diff: (a, b) => diffFinals(layout, noun, a.final, b.final),
      same: () => `${noun}, field for field (ids aside)`,
      testIdOf: () => 'compare-entry',
    },
  };
}
