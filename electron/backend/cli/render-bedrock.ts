// The final object of a Bedrock ConverseStream in `streamscope inspect`'s report: the message's
// content blocks in order — reasoning text with its signature (what the next turn must send back),
// redacted reasoning, answer text, tool uses with their input, any other block as JSON — then why
// it stopped (no messageStop in red) and the metrics. An exception frame is a finding, listed with
// the diagnostics.

import { isObject } from '../../../shared/is-object.ts';
import type { ConverseResponse } from '../../../shared/dialects/bedrock-converse/final.ts';
import { prettyJson, indent } from './render-final.ts';
import { clip, clipInline, MAX_LISTED_ITEMS, moreItems } from './text-bounds.ts';

type Paint = (style: 'bold' | 'red' | 'yellow' | 'cyan' | 'magenta' | 'dim', text: string) => string;

const body = (value: string): string => indent(value === '' ? '(empty)' : clip(value), 6);

export function converseLines(response: ConverseResponse, paint: Paint): string[] {
  const reason = response.stopReason;
  const stop = reason === 'end_turn' || reason === 'tool_use' ? `stopReason ${JSON.stringify(reason)}` : paint(reason === null ? 'red' : 'yellow', reason === null ? 'no messageStop' : `stopReason ${clipInline(JSON.stringify(reason))}`);
  const lines = ['', paint('bold', 'Response'), `  message (role ${clipInline(response.message.role)}, ${stop})`];
  const content = response.message.content;
  if (content.length === 0) lines.push('    content: (none)');
  content.slice(0, MAX_LISTED_ITEMS).forEach((block, at) => {
    const reasoning = isObject(block.reasoningContent) ? block.reasoningContent : null;
    if (reasoning !== null && isObject(reasoning.reasoningText)) {
      const { text, signature } = reasoning.reasoningText;
      const signed = typeof signature === 'string' ? paint('dim', `  signature (${signature.length} chars)`) : '';
      lines.push(`    ${paint('magenta', `content[${at}] reasoningText:`)}${signed}`, body(typeof text === 'string' ? text : ''));
    } else if (reasoning !== null && typeof reasoning.redactedContent === 'string') {
      lines.push(`    ${paint('magenta', `content[${at}] redactedContent`)} ${paint('dim', `(${reasoning.redactedContent.length} base64 chars)`)}`);
    } else if (isObject(block.toolUse)) {
      const use = block.toolUse;
      const id = typeof use.toolUseId === 'string' ? `  toolUseId ${clipInline(use.toolUseId)}` : '';
      lines.push(`    ${paint('cyan', `content[${at}] toolUse`)} ${typeof use.name === 'string' ? clipInline(use.name) : paint('red', '(no name)')}${id}`, indent(typeof use.input === 'string' ? clip(use.input) : prettyJson(use.input ?? {}), 6));
    } else if (typeof block.text === 'string') {
      lines.push(`    content[${at}] text:`, body(block.text));
    } else lines.push(`    content[${at}]: ${clip(JSON.stringify(block))}`);
  });
  if (content.length > MAX_LISTED_ITEMS) lines.push(`    ${moreItems(content.length, MAX_LISTED_ITEMS, 'blocks')}`);
  if (response.metrics !== null) lines.push(`  metrics: ${clip(JSON.stringify(response.metrics))}`);
  return lines;
}

/** The metadata event's usage: input and output tokens (the cache counts are in the JSON beside). */
export function converseUsageLine(usage: Readonly<Record<string, unknown>> | null, paint: Paint): string {
  if (usage === null) return '  (none)';
  const { inputTokens: input, outputTokens: output } = usage;
  const words = typeof input === 'number' || typeof output === 'number' ? `input ${String(input ?? '?')}, output ${String(output ?? '?')} tokens  ` : '';
  return `  ${words}${paint('dim', clip(JSON.stringify(usage)))}`;
}
