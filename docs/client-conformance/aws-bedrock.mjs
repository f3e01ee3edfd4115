// streamscope check-client --api bedrock-converse -- node aws-bedrock.mjs — @aws-sdk/client-bedrock-runtime's ConverseStream, each text delta and tool input kept.
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
let text = '';
const inputs = new Map();
const client = new BedrockRuntimeClient({ requestHandler: new NodeHttpHandler() });
const { stream } = await client.send(new ConverseStreamCommand({ modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0', messages: [{ role: 'user', content: [{ text: 'Hello' }] }] }));
for await (const event of stream) {
  if (event.contentBlockStart?.start?.toolUse) inputs.set(event.contentBlockStart.contentBlockIndex, { name: event.contentBlockStart.start.toolUse.name, input: '' });
  if (event.contentBlockDelta?.delta?.text !== undefined) text += event.contentBlockDelta.delta.text;
  if (event.contentBlockDelta?.delta?.toolUse) inputs.get(event.contentBlockDelta.contentBlockIndex).input += event.contentBlockDelta.delta.toolUse.input;
}
console.log(JSON.stringify({ text, toolCalls: [...inputs.values()].map((call) => ({ name: call.name, arguments: call.input || '{}' })) }));
