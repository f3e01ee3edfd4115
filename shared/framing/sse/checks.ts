// SSE's own findings (docs/diagnostics.md, "Framing"): lines that no blank line dispatched, comment
// lines, and mixed line endings — what the parser saw of the body, whatever the dialect.

import { findingIn } from '../../findings/finding.ts';
import type { Finding } from '../../findings/finding.ts';
import { few, plural, quote } from '../../findings/words.ts';
import { SSE_CODES } from './catalogue.ts';
import type { FramingCheckContext } from '../types.ts';
import type { SsePartialEvent, SseStats } from './types.ts';

/** What the checks read: the events, what was left at the end, the parser's figures. */
export type SseCheckContext = FramingCheckContext<SsePartialEvent, SseStats>;

type SseFinding = Finding<keyof typeof SSE_CODES>;

const finding = findingIn(SSE_CODES);

export function checkSse(context: SseCheckContext): SseFinding[] {
  return [...partialEvent(context), ...comments(context), ...lineEndings(context)];
}

function partialEvent({ partial, ended }: SseCheckContext): SseFinding[] {
  if (!partial || !ended) return [];
  const what = partial.data !== null ? `data: ${quote(partial.data, 60)}` : partial.comments.length > 0 ? 'a comment' : 'fields without data';
  return [
    finding(
      'partial-event',
      `${plural(partial.end - partial.start, 'byte')} at the end of the body (offset ${partial.start}–${partial.end}) never got the blank line that ends an event; they hold ${what}. EventSource drops them; lenient parsers (the OpenAI SDKs) still read them.`,
    ),
  ];
}

function comments({ events }: SseCheckContext): SseFinding[] {
  const withComments = events.filter((event) => event.sse.comments.length > 0);
  if (withComments.length === 0) return [];
  const texts = [...new Set(withComments.flatMap((event) => event.sse.comments))];
  const lines = withComments.reduce((sum, event) => sum + event.sse.comments.length, 0);
  return [
    finding(
      'comment',
      `${plural(lines, 'comment line')} in ${plural(withComments.length, 'event')}: ${few(texts.map((text) => quote(':' + text, 40)), 3)}.`,
      withComments.map((event) => event.sse.index),
    ),
  ];
}

function lineEndings({ stats }: SseCheckContext): SseFinding[] {
  const { lf, cr, crlf } = stats.lineEndings;
  const styles = [lf && `${lf} LF`, crlf && `${crlf} CRLF`, cr && `${cr} CR`].filter(Boolean);
  if (styles.length < 2) return [];
  return [finding('mixed-line-endings', `The body mixes line endings: ${styles.join(', ')}.`)];
}
