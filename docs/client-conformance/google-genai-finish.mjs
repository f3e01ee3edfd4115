// streamscope check-client --api gemini -- node google-genai-finish.mjs — @google/genai's generateContentStream(), failing when no chunk brought a finishReason.
import { GoogleGenAI } from '@google/genai';
let text = '';
let finishReason = null;
const toolCalls = [];
for await (const chunk of await new GoogleGenAI({}).models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Hello' })) {
  text += chunk.text ?? '';
  for (const call of chunk.functionCalls ?? []) toolCalls.push({ name: call.name, arguments: call.args ?? {} });
  finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
}
// Gemini has no [DONE]: a stream that ends without a finishReason was cut.
if (finishReason === null) throw new Error('The stream ended without a finishReason: the answer was cut.');
console.log(JSON.stringify({ text, toolCalls }));
