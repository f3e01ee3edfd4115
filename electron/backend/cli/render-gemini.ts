// The final object of a Gemini stream in `streamscope inspect`'s report: each candidate's parts in
// order — thought and answer text, function calls with their args, any other part as JSON — each
// with the thoughtSignature it carries (what the next turn must send back), then why it stopped,
// and a blocked prompt's reason.

import { isObject } from '../../../shared/is-object.ts';
import type { GeminiResponse } from '../../../shared/dialects/gemini/final.ts';
import { prettyJson, indent } from './render-final.ts';
import { clip, clipInline, MAX_LISTED_ITEMS, moreItems } from './text-bounds.ts';

type Paint = (style: 'bold' | 'red' | 'yellow' | 'cyan' | 'magenta' | 'dim', text: string) => string;

const body = (value: string): string => indent(value === '' ? '(empty)' : clip(value), 6);

export function geminiLines(response: GeminiResponse, paint: Paint): string[] {
  const lines = ['', paint('bold', 'Response')];
  const blocked = response.promptFeedback?.blockReason;
  if (blocked !== undefined) lines.push(`  ${paint('red', 'promptFeedback.blockReason:')} ${clipInline(JSON.stringify(blocked))}`);
  if (response.candidates.length === 0) lines.push('  candidates: (none)');
  for (const candidate of response.candidates.slice(0, MAX_LISTED_ITEMS)) {
    const reason = candidate.finishReason;
    const finish = reason === 'STOP' ? 'finishReason "STOP"' : paint(reason === null ? 'red' : 'yellow', `finishReason ${clipInline(JSON.stringify(reason))}`);
    lines.push(`  candidate ${candidate.index} (${finish})`);
    const parts = candidate.content.parts;
    if (parts.length === 0) lines.push('    parts: (none)');
    parts.slice(0, MAX_LISTED_ITEMS).forEach((part, at) => {
      const signed = typeof part.thoughtSignature === 'string' ? paint('dim', `  thoughtSignature (${part.thoughtSignature.length} chars)`) : '';
      if (isObject(part.functionCall)) {
        const call = part.functionCall;
        const id = typeof call.id === 'string' ? `  id ${clipInline(call.id)}` : '';
        lines.push(`    ${paint('cyan', `parts[${at}] functionCall`)} ${typeof call.name === 'string' ? clipInline(call.name) : paint('red', '(no name)')}${id}${signed}`, indent(prettyJson(call.args ?? {}), 6));
      } else if (typeof part.text === 'string') {
        lines.push(`    ${part.thought === true ? paint('magenta', `parts[${at}] thought:`) : `parts[${at}] text:`}${signed}`, body(part.text));
      } else lines.push(`    parts[${at}]:${signed} ${clip(JSON.stringify(part))}`);
    });
    if (parts.length > MAX_LISTED_ITEMS) lines.push(`    ${moreItems(parts.length, MAX_LISTED_ITEMS, 'parts')}`);
  }
  if (response.candidates.length > MAX_LISTED_ITEMS) lines.push(`  ${moreItems(response.candidates.length, MAX_LISTED_ITEMS, 'candidates')}`);
  return lines;
}

/** Gemini's usageMetadata: prompt, candidates and thoughts tokens (the cached and per-modality counts are in the JSON beside). */
export function geminiUsageLine(usage: Readonly<Record<string, unknown>> | null, paint: Paint): string {
  if (usage === null) return '  (none)';
  const { promptTokenCount: prompt, candidatesTokenCount: candidates, thoughtsTokenCount: thoughts } = usage;
  const words = typeof prompt === 'number' || typeof candidates === 'number' ? `prompt ${String(prompt ?? '?')}, candidates ${String(candidates ?? '?')}${typeof thoughts === 'number' && thoughts > 0 ? ` (thoughts ${thoughts})` : ''} tokens  ` : '';
  return `  ${words}${paint('dim', clip(JSON.stringify(usage)))}`;
}
