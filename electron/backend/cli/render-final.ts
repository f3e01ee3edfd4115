// The final object of a Responses or Anthropic Messages stream in `streamscope inspect`'s report,
// in readable form: the output items / content blocks in order — text, refusal, reasoning or
// thinking, tool calls with their arguments parsed — then why it stopped. What Chat Completions'
// "Message (choice N)" block is for that dialect (render.ts).

import { checkArguments } from '../../../shared/index.ts';
import { describeArgumentsError } from '../../../shared/chunks/message.ts';
import type { MessageObject, ResponseObject } from '../../../shared/index.ts';

type Json = Record<string, unknown>;
type Paint = (style: 'bold' | 'red' | 'yellow' | 'cyan' | 'magenta' | 'dim', text: string) => string;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function indent(value: string, spaces = 4): string {
  const pad = ' '.repeat(spaces);
  return value
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

/** A text, or `(empty)`, indented under its heading. */
function body(value: string, spaces = 6): string {
  return indent(value === '' ? '(empty)' : value, spaces);
}

/** Tool arguments: parsed and pretty-printed when they are JSON, else as they are with where they break. */
function argumentLines(args: string, paint: Paint, spaces = 6): string[] {
  const check = checkArguments(args);
  if (check.valid) return [indent(JSON.stringify(check.value, null, 2), spaces)];
  return [indent(args === '' ? '(empty)' : args, spaces), `${' '.repeat(spaces)}${paint('red', `not JSON at ${describeArgumentsError(check)}`)}`];
}

export function responseLines(response: ResponseObject, paint: Paint): string[] {
  const status = response.status === 'completed' ? `status "completed"` : paint(response.status === 'failed' ? 'red' : 'yellow', `status ${JSON.stringify(response.status)}`);
  const lines = ['', paint('bold', `Response (${status})`)];
  if (response.output.length === 0) lines.push('  output: (none)');
  response.output.forEach((item, index) => lines.push(...itemLines(item, index, paint)));
  if (isObject(response.incomplete_details)) lines.push(`  ${paint('yellow', 'incomplete_details:')} ${JSON.stringify(response.incomplete_details)}`);
  if (isObject(response.error)) lines.push(`  ${paint('red', 'error:')} ${JSON.stringify(response.error)}`);
  return lines;
}

function itemLines(item: Json, index: number, paint: Paint): string[] {
  const type = text(item.type) || '(no type)';
  const id = typeof item.id === 'string' ? `  id ${item.id}` : '';
  const status = typeof item.status === 'string' && item.status !== 'completed' ? `  ${paint('yellow', `status ${JSON.stringify(item.status)}`)}` : '';
  const head = `  output[${index}] ${type}`;
  switch (type) {
    case 'message': {
      const lines = [`${head}${id}${status}`];
      const content = Array.isArray(item.content) ? item.content : [];
      if (content.length === 0) lines.push('    content: (none)');
      content.forEach((part, at) => {
        if (!isObject(part)) return;
        if (part.type === 'refusal') lines.push(`    ${paint('yellow', `content[${at}] refusal:`)}`, body(text(part.refusal)));
        else if (part.type === 'output_text') {
          const notes = Array.isArray(part.annotations) && part.annotations.length > 0 ? paint('dim', `  (${part.annotations.length} annotation${part.annotations.length === 1 ? '' : 's'})`) : '';
          lines.push(`    content[${at}] output_text:${notes}`, body(text(part.text)));
        } else lines.push(`    content[${at}] ${text(part.type) || '(no type)'}: ${JSON.stringify(part)}`);
      });
      return lines;
    }
    case 'reasoning': {
      const lines = [`${head}${id}${status}`];
      const summary = Array.isArray(item.summary) ? item.summary : [];
      summary.forEach((part, at) => lines.push(`    ${paint('magenta', `summary[${at}]:`)}`, body(isObject(part) ? text(part.text) : '')));
      const content = Array.isArray(item.content) ? item.content : [];
      content.forEach((part, at) => lines.push(`    ${paint('magenta', `content[${at}] reasoning_text:`)}`, body(isObject(part) ? text(part.text) : '')));
      if (summary.length === 0 && content.length === 0) lines.push(`    ${typeof item.encrypted_content === 'string' ? '(encrypted)' : '(no summary)'}`);
      return lines;
    }
    case 'function_call':
    case 'mcp_call': {
      const callId = typeof item.call_id === 'string' ? `  call_id ${item.call_id}` : id;
      return [`  ${paint('cyan', `output[${index}] ${type}`)} ${text(item.name) || paint('red', '(no name)')}${callId}${status}`, ...argumentLines(text(item.arguments), paint)];
    }
    case 'custom_tool_call':
      return [`  ${paint('cyan', `output[${index}] ${type}`)} ${text(item.name) || paint('red', '(no name)')}${id}${status}`, body(text(item.input))];
    default:
      return [`${head}${id}${status}`];
  }
}

export function messageLines(message: MessageObject, paint: Paint): string[] {
  const reason = message.stop_reason;
  const stop = reason === null ? paint('red', 'no stop_reason') : `stop_reason ${reason === 'end_turn' || reason === 'tool_use' || reason === 'stop_sequence' ? JSON.stringify(reason) : paint('yellow', JSON.stringify(reason))}`;
  const lines = ['', paint('bold', `Message (${stop})`), `  role: ${message.role}`];
  if (message.stop_sequence !== null) lines.push(`  stop_sequence: ${JSON.stringify(message.stop_sequence)}`);
  if (message.content.length === 0) lines.push('  content: (none)');
  message.content.forEach((block, index) => {
    const type = text(block.type) || '(no type)';
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
        lines.push(`  ${paint('cyan', `content[${index}] ${type}`)} ${text(block.name) || paint('red', '(no name)')}  id ${text(block.id) || paint('red', '(none)')}`, indent(JSON.stringify(block.input ?? null, null, 2), 4));
        break;
      default:
        lines.push(`  content[${index}] ${type}: ${JSON.stringify(block)}`);
    }
  });
  return lines;
}
