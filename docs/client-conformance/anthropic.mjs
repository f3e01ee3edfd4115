// streamscope check-client --api messages -- node anthropic.mjs — @anthropic-ai/sdk's raw event iterator, as many apps use it.
import Anthropic from '@anthropic-ai/sdk';
const stream = await new Anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }], stream: true });
let text = '';
const toolCalls = [];
for await (const event of stream) {
  if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') toolCalls[event.index] = { name: event.content_block.name, arguments: '' };
  if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
  if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') toolCalls[event.index].arguments += event.delta.partial_json;
}
console.log(JSON.stringify({ text, toolCalls: toolCalls.filter(Boolean) }));
