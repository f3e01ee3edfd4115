// The final object of a Responses or Anthropic Messages stream in `streamscope inspect`'s report,
// in readable form: the output items / content blocks in order — text, refusal, reasoning or
// thinking, tool calls with their arguments parsed — then why it stopped. What Chat Completions'
// "Message (choice N)" block is for that dialect (render.ts).

import { isObject } from '../../../shared/is-object.ts';
import { checkArguments } from '../../../shared/index.ts';
import { describeArgumentsError } from '../../../shared/dialects/kit/arguments.ts';
import type { MessageObject, ResponseObject } from '../../../shared/index.ts';
import { nestsDeeperThan } from '../../../shared/formats/json-depth.ts';
import { clip, clipInline, MAX_LISTED_ITEMS, MAX_PRETTY_CHARS, moreItems } from './text-bounds.ts';

type Json = Record<string, unknown>;
type Paint = (style: 'bold' | 'red' | 'yellow' | 'cyan' | 'magenta' | 'dim', text: string) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A name, an id or a type inside a line. */
const word = (value: unknown): string => clipInline(text(value));
/** A status or a reason, quoted, inside a line. */
const quoted = (value: unknown): string => clipInline(JSON.stringify(value) ?? String(value));

export function indent(value: string, spaces = 4): string {
  const pad = ' '.repeat(spaces);
  return value
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

/** A text, or `(empty)`, indented under its heading, cut at MAX_FIELD_CHARS. */
function body(value: string, spaces = 6): string {
  return indent(value === '' ? '(empty)' : clip(value), spaces);
}

/** A JSON value on one line, cut at MAX_FIELD_CHARS. */
function json(value: unknown): string {
  return clip(JSON.stringify(value) ?? String(value));
}

/** A parsed value pretty-printed when short and shallow (indenting is what makes deep JSON huge), else on one line, cut. */
export function prettyJson(value: unknown): string {
  let compact: string;
  try {
    compact = JSON.stringify(value) ?? String(value);
  } catch {
    // JSON.stringify recurses: a value nested thousands deep overflows the stack.
    return '(nested too deep to print here: see --json)';
  }
  return compact.length <= MAX_PRETTY_CHARS && !nestsDeeperThan(compact) ? JSON.stringify(value, null, 2) : clip(compact);
}

/** `each` over the first MAX_LISTED_ITEMS of `items`, then a line saying how many more there are. */
function listed<T>(items: readonly T[], lines: string[], what: string, pad: string, each: (item: T, index: number) => void): void {
  const shown = Math.min(items.length, MAX_LISTED_ITEMS);
  for (let index = 0; index < shown; index++) each(items[index]!, index);
  if (items.length > shown) lines.push(`${pad}${moreItems(items.length, shown, what)}`);
}

/** Tool arguments: parsed and pretty-printed when they are JSON, else as they are with where they break. */
function argumentLines(args: string, paint: Paint, spaces = 6): string[] {
  const check = checkArguments(args);
  if (check.valid) return [indent(args.length <= MAX_PRETTY_CHARS ? JSON.stringify(check.value, null, 2) : clip(args), spaces)];
  return [indent(args === '' ? '(empty)' : clip(args), spaces), `${' '.repeat(spaces)}${paint('red', `not JSON at ${describeArgumentsError(check)}`)}`];
}

export function responseLines(response: ResponseObject, paint: Paint): string[] {
  const status = response.status === 'completed' ? `status "completed"` : paint(response.status === 'failed' ? 'red' : 'yellow', `status ${quoted(response.status)}`);
  const lines = ['', paint('bold', `Response (${status})`)];
  if (response.output.length === 0) lines.push('  output: (none)');
  // A loop, not push(...): a response of 100,000 items overflowed the stack as arguments.
  listed(response.output, lines, 'output items', '  ', (item, index) => {
    for (const line of itemLines(item, index, paint)) lines.push(line);
  });
  if (isObject(response.incomplete_details)) lines.push(`  ${paint('yellow', 'incomplete_details:')} ${json(response.incomplete_details)}`);
  if (isObject(response.error)) lines.push(`  ${paint('red', 'error:')} ${json(response.error)}`);
  return lines;
}

function itemLines(item: Json, index: number, paint: Paint): string[] {
  const type = word(item.type) || '(no type)';
  const id = typeof item.id === 'string' ? `  id ${word(item.id)}` : '';
  const status = typeof item.status === 'string' && item.status !== 'completed' ? `  ${paint('yellow', `status ${quoted(item.status)}`)}` : '';
  const head = `  output[${index}] ${type}`;
  switch (type) {
    case 'message': {
      const lines = [`${head}${id}${status}`];
      const content = Array.isArray(item.content) ? item.content : [];
      if (content.length === 0) lines.push('    content: (none)');
      listed(content, lines, 'content parts', '    ', (part, at) => {
        if (!isObject(part)) return;
        if (part.type === 'refusal') lines.push(`    ${paint('yellow', `content[${at}] refusal:`)}`, body(text(part.refusal)));
        else if (part.type === 'output_text') {
          const notes = Array.isArray(part.annotations) && part.annotations.length > 0 ? paint('dim', `  (${part.annotations.length} annotation${part.annotations.length === 1 ? '' : 's'})`) : '';
          lines.push(`    content[${at}] output_text:${notes}`, body(text(part.text)));
        } else lines.push(`    content[${at}] ${word(part.type) || '(no type)'}: ${json(part)}`);
      });
      return lines;
    }
    case 'reasoning': {
      const lines = [`${head}${id}${status}`];
      const summary = Array.isArray(item.summary) ? item.summary : [];
      listed(summary, lines, 'summary parts', '    ', (part, at) => lines.push(`    ${paint('magenta', `summary[${at}]:`)}`, body(isObject(part) ? text(part.text) : '')));
      const content = Array.isArray(item.content) ? item.content : [];
      listed(content, lines, 'content parts', '    ', (part, at) => lines.push(`    ${paint('magenta', `content[${at}] reasoning_text:`)}`, body(isObject(part) ? text(part.text) : '')));
      if (summary.length === 0 && content.length === 0) lines.push(`    ${typeof item.encrypted_content === 'string' ? '(encrypted)' : '(no summary)'}`);
      return lines;
    }
    case 'function_call':
    case 'mcp_call': {
      const callId = typeof item.call_id === 'string' ? `  call_id ${word(item.call_id)}` : id;
      return [`  ${paint('cyan', `output[${index}] ${type}`)} ${word(item.name) || paint('red', '(no name)')}${callId}${status}`, ...argumentLines(text(item.arguments), paint)];
    }
    case 'custom_tool_call':
      return [`  ${paint('cyan', `output[${index}] ${type}`)} ${word(item.name) || paint('red', '(no name)')}${id}${status}`, body(text(item.input))];
    default:
      return [`${head}${id}${status}`];
  }
}

export function messageLines(message: MessageObject, paint: Paint): string[] {
  const reason = message.stop_reason;
  const stop = reason === null ? paint('red', 'no stop_reason') : `stop_reason ${reason === 'end_turn' || reason === 'tool_use' || reason === 'stop_sequence' ? quoted(reason) : paint('yellow', quoted(reason))}`;
  const lines = ['', paint('bold', `Message (${stop})`), `  role: ${message.role}`];
  if (message.stop_sequence !== null) lines.push(`  stop_sequence: ${quoted(message.stop_sequence)}`);
  if (message.content.length === 0) lines.push('  content: (none)');
  listed(message.content, lines, 'content blocks', '  ', (block, index) => {
    const type = word(block.type) || '(no type)';
    switch (type) {
      case 'text': {
        const citations = Array.isArray(block.citations) && block.citations.length > 0 ? paint('dim', `  (${block.citations.length} citation${block.citations.length === 1 ? '' : 's'})`) : '';
        lines.push(`  content[${index}] text:${citations}`, body(text(block.text), 4));
        break;
      }
      case 'thinking': {
        const signature = typeof block.signature === 'string' ? paint('dim', `  (signature, ${block.signature.length} chars)`) : paint('yellow', '  (no signature)');
        lines.push(`  ${paint('magenta', `content[${index}] thinking:`)}${signature}`, body(text(block.thinking), 4));
        break;
      }
      case 'redacted_thinking':
        lines.push(`  ${paint('magenta', `content[${index}] redacted_thinking`)}`);
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        lines.push(`  ${paint('cyan', `content[${index}] ${type}`)} ${word(block.name) || paint('red', '(no name)')}  id ${word(block.id) || paint('red', '(none)')}`, indent(prettyJson(block.input ?? null), 4));
        break;
      default:
        lines.push(`  content[${index}] ${type}: ${json(block)}`);
    }
  });
  return lines;
}
