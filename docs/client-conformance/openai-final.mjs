// streamscope check-client -- node openai-final.mjs — the openai SDK's stream helper, ending with finalChatCompletion().
import OpenAI from 'openai';
const stream = new OpenAI().chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] });
const { message } = (await stream.finalChatCompletion()).choices[0];
const toolCalls = (message.tool_calls ?? []).map((call) => ({ name: call.function.name, arguments: call.function.arguments }));
console.log(JSON.stringify({ text: message.content ?? '', toolCalls }));
