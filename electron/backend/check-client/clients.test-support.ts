// Small Chat Completions clients for the runner's tests (issue 30, "Tests that must hold"): plain
// Node scripts using fetch, the careful one and five with one known bug each. Each prints what it
// assembled as `{ text, toolCalls }` and exits 1 with the error on stderr when it sees one.

export type ClientBug = 'done-as-json' | 'first-choice' | 'read-is-events' | 'no-comments' | 'end-is-done';

/** The client's source, for `node --input-type=module -e`; `bug`: the one it has, none for the careful one. */
export function chatClient(bug: ClientBug | null = null): string {
  return `
const BUG = ${JSON.stringify(bug)};
const fail = (message) => { process.stderr.write(message + '\\n'); process.exit(1); };
const res = await fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
  body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
}).catch((error) => fail('request failed: ' + error.message));
if (!res.ok) fail('HTTP ' + res.status + ': ' + (await res.text()));
let text = '';
const calls = [];
let done = false;
function onData(data) {
  if (data === '[DONE]' && BUG !== 'done-as-json') { done = true; return; }
  const chunk = JSON.parse(data);
  if (chunk.error) fail('stream error: ' + JSON.stringify(chunk.error));
  const choices = BUG === 'first-choice' ? [chunk.choices[0]] : chunk.choices.filter((choice) => choice.index === 0);
  for (const { delta, finish_reason } of choices) {
    // Knowing no [DONE], it takes a finish reason for the end of the answer.
    if (BUG === 'done-as-json' && finish_reason) done = true;
    if (delta.content) text += delta.content;
    for (const call of delta.tool_calls ?? []) {
      // Mistral sends no index: a call with an id is a new one, a fragment without one goes to the last.
      const at = call.index ?? (call.id ? calls.length : calls.length - 1);
      calls[at] ??= { name: '', arguments: '' };
      if (call.function?.name) calls[at].name += call.function.name;
      if (call.function?.arguments) calls[at].arguments += call.function.arguments;
    }
  }
}
// SSE as the spec reads it: lines end at CRLF, LF or CR; a blank line dispatches; a colon starts a comment.
let buffer = '';
let data = [];
function feed(chunk, flush) {
  buffer += chunk;
  const lines = buffer.split(/\\r\\n|\\n|\\r/);
  buffer = lines.pop();
  if (buffer.endsWith('\\r')) { lines.push(buffer.slice(0, -1)); buffer = ''; }
  if (flush && buffer !== '') { lines.push(buffer); buffer = ''; }
  for (const line of lines) {
    if (line === '') { if (data.length > 0) onData(data.join('\\n')); data = []; continue; }
    if (line.startsWith(':')) { if (BUG === 'no-comments') fail('unexpected line: ' + line); continue; }
    if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (flush && data.length > 0) { onData(data.join('\\n')); data = []; }
}
const decoder = new TextDecoder();
try {
  for await (const bytes of res.body) {
    // The bug: each read taken for whole events, the bytes of a split event parsed on their own.
    if (BUG === 'read-is-events') feed(decoder.decode(bytes), true);
    else feed(decoder.decode(bytes, { stream: true }), false);
  }
} catch (error) {
  fail('stream failed: ' + error.message);
}
if (!done && BUG !== 'end-is-done') fail('the stream ended before [DONE]');
process.stdout.write(JSON.stringify({ text, toolCalls: calls.filter(Boolean) }) + '\\n');
`;
}

/** A careful Anthropic Messages client: text and tool_use blocks by index, `error` events and a missing message_stop reported. */
export function messagesClient(): string {
  return `
const fail = (message) => { process.stderr.write(message + '\\n'); process.exit(1); };
const res = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': process.env.ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
  body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
}).catch((error) => fail('request failed: ' + error.message));
if (!res.ok) fail('HTTP ' + res.status + ': ' + (await res.text()));
const blocks = [];
let stopped = false;
function onEvent(type, data) {
  const event = JSON.parse(data);
  if (type === 'error' || event.type === 'error') fail('stream error: ' + JSON.stringify(event.error));
  if (event.type === 'content_block_start') blocks[event.index] = { ...event.content_block, json: '' };
  if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') blocks[event.index].text += event.delta.text;
  if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') blocks[event.index].json += event.delta.partial_json;
  if (event.type === 'message_stop') stopped = true;
}
let buffer = '';
let type = 'message';
let data = [];
const decoder = new TextDecoder();
try {
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    const lines = buffer.split(/\\r\\n|\\n|\\r(?!$)/);
    buffer = lines.pop();
    for (const line of lines) {
      if (line === '') { if (data.length > 0) onEvent(type, data.join('\\n')); data = []; type = 'message'; }
      else if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
  }
} catch (error) {
  fail('stream failed: ' + error.message);
}
if (!stopped) fail('the stream ended before message_stop');
const text = blocks.filter((block) => block?.type === 'text').map((block) => block.text).join('');
const toolCalls = blocks.filter((block) => block?.type === 'tool_use').map((block) => ({ name: block.name, arguments: block.json === '' ? block.input : block.json }));
process.stdout.write(JSON.stringify({ text, toolCalls }) + '\\n');
`;
}

/** A careful Responses client: text deltas and function_call items, `error` and response.failed reported, response.completed required. */
export function responsesClient(): string {
  return `
const fail = (message) => { process.stderr.write(message + '\\n'); process.exit(1); };
const res = await fetch(process.env.OPENAI_BASE_URL + '/responses', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.env.OPENAI_API_KEY },
  body: JSON.stringify({ model: 'gpt-4o', stream: true, input: 'Hello' }),
}).catch((error) => fail('request failed: ' + error.message));
if (!res.ok) fail('HTTP ' + res.status + ': ' + (await res.text()));
let text = '';
const toolCalls = [];
let completed = false;
function onEvent(data) {
  const event = JSON.parse(data);
  if (event.type === 'error' || event.type === 'response.failed' || event.type === 'response.incomplete') fail(event.type + ': ' + data);
  if (event.type === 'response.output_text.delta') text += event.delta;
  if (event.type === 'response.output_item.done' && event.item.type === 'function_call') toolCalls.push({ name: event.item.name, arguments: event.item.arguments });
  if (event.type === 'response.completed') completed = true;
}
let buffer = '';
let data = [];
const decoder = new TextDecoder();
try {
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    const lines = buffer.split(/\\r\\n|\\n|\\r(?!$)/);
    buffer = lines.pop();
    for (const line of lines) {
      if (line === '') { if (data.length > 0) onEvent(data.join('\\n')); data = []; }
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
  }
} catch (error) {
  fail('stream failed: ' + error.message);
}
if (!completed) fail('the stream ended before response.completed');
process.stdout.write(JSON.stringify({ text, toolCalls }) + '\\n');
`;
}
