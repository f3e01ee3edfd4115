// streamscope check-client --api responses -- node openai-responses.mjs — the openai SDK's Responses event iterator.
import OpenAI from 'openai';
const stream = await new OpenAI().responses.create({ model: 'gpt-4o', input: 'Hello', stream: true });
let text = '';
const toolCalls = [];
for await (const event of stream) {
  if (event.type === 'response.output_text.delta') text += event.delta;
  if (event.type === 'response.output_item.done' && event.item.type === 'function_call') toolCalls.push({ name: event.item.name, arguments: event.item.arguments });
}
console.log(JSON.stringify({ text, toolCalls }));
