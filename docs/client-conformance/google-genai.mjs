// streamscope check-client --api gemini -- node google-genai.mjs — @google/genai's generateContentStream(), each chunk's text and function calls kept.
import { GoogleGenAI } from '@google/genai';
let text = '';
const toolCalls = [];
for await (const chunk of await new GoogleGenAI({}).models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Hello' })) {
  text += chunk.text ?? '';
  for (const call of chunk.functionCalls ?? []) toolCalls.push({ name: call.name, arguments: call.args ?? {} });
}
console.log(JSON.stringify({ text, toolCalls }));
