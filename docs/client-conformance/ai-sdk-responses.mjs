// streamscope check-client --api responses -- node ai-sdk-responses.mjs — the Vercel AI SDK's streamText through @ai-sdk/openai's Responses model, as its docs show it.
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
const openai = createOpenAI({ baseURL: process.env.OPENAI_BASE_URL, apiKey: process.env.OPENAI_API_KEY });
const tools = { get_capital: tool({ inputSchema: jsonSchema({ type: 'object' }) }) };
const result = streamText({ model: openai.responses('gpt-4o'), prompt: 'Hello', tools });
const toolCalls = (await result.toolCalls).map((call) => ({ name: call.toolName, arguments: call.input }));
console.log(JSON.stringify({ text: await result.text, toolCalls }));
