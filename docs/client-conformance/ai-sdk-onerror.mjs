// streamscope check-client -- node ai-sdk-onerror.mjs — the Vercel AI SDK's streamText, an error part made an exit 1 (onError).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';
const provider = createOpenAICompatible({ name: 'app', baseURL: process.env.OPENAI_BASE_URL, apiKey: process.env.OPENAI_API_KEY });
const anyInput = tool({ inputSchema: jsonSchema({ type: 'object' }) });
const tools = { GetWeatherArgs: anyInput, get_stock_price: anyInput };
const result = streamText({ model: provider.chatModel('gpt-4o'), prompt: 'Hello', tools, onError: ({ error }) => { console.error(error); process.exitCode = 1; } });
const toolCalls = (await result.toolCalls).map((call) => ({ name: call.toolName, arguments: call.input }));
console.log(JSON.stringify({ text: await result.text, toolCalls }));
