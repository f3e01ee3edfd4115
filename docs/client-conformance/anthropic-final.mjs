// streamscope check-client --api messages -- node anthropic-final.mjs — @anthropic-ai/sdk's stream helper, ending with finalMessage().
import Anthropic from '@anthropic-ai/sdk';
const message = await new Anthropic().messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }] }).finalMessage();
const text = message.content.filter((block) => block.type === 'text').map((block) => block.text).join('');
const toolCalls = message.content.filter((block) => block.type === 'tool_use').map((block) => ({ name: block.name, arguments: block.input }));
console.log(JSON.stringify({ text, toolCalls }));
