// streamscope check-client --api responses -- node openai-responses-final.mjs — the openai SDK's Responses stream helper, ending with finalResponse().
import OpenAI from 'openai';
const response = await new OpenAI().responses.stream({ model: 'gpt-4o', input: 'Hello' }).finalResponse();
const toolCalls = response.output.filter((item) => item.type === 'function_call').map((item) => ({ name: item.name, arguments: item.arguments }));
console.log(JSON.stringify({ text: response.output_text, toolCalls }));
