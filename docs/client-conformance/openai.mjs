// streamscope check-client -- node openai.mjs — the openai SDK's streaming iterator, as most apps use it.
import OpenAI from 'openai';
const stream = await new OpenAI().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }], stream: true });
let text = '';
const toolCalls = [];
for await (const chunk of stream) {
  const delta = chunk.choices[0]?.delta;
  text += delta?.content ?? '';
  for (const call of delta?.tool_calls ?? []) {
    toolCalls[call.index] ??= { name: '', arguments: '' };
    toolCalls[call.index].name += call.function?.name ?? '';
    toolCalls[call.index].arguments += call.function?.arguments ?? '';
  }
}
console.log(JSON.stringify({ text, toolCalls }));
