// Bedrock ConverseStream in the request editor: a recorded body read back into the editor's fields
// (its system blocks, turns of {text} blocks, inferenceConfig's numbers, toolConfig's tools and
// choice), the tool choice written and read, and the checks of a turn and of a tool.

import { describe, expect, it } from 'vitest';
import { bedrockConverseRequest as dialect } from './index.ts';

describe('a recorded ConverseStream body read back into the editor', () => {
  it('takes the conversation out, system first, and lifts the numbers, tools and choice the editor has fields for', () => {
    const toolUse = { role: 'assistant', content: [{ text: 'Checking.' }, { toolUse: { toolUseId: 't1', name: 'get_weather', input: { city: 'Paris' } } }] };
    const tools = [{ toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object' } } } }];
    const fields: Record<string, unknown> = {
      system: [{ text: 'Be brief.' }, { text: 'Answer in French.' }],
      messages: [{ role: 'user', content: [{ text: 'Weather ' }, { text: 'in Paris?' }] }, toolUse],
      inferenceConfig: { maxTokens: 512, temperature: 0.2, stopSequences: ['END'] },
      toolConfig: { tools, toolChoice: { tool: { name: 'get_weather' } } },
      additionalModelRequestFields: { thinking: { type: 'enabled' } },
    };
    expect(dialect.readConversation(fields)).toEqual([
      { role: 'system', content: 'Be brief.\nAnswer in French.' },
      { role: 'user', content: 'Weather in Paris?' },
      toolUse,
    ]);
    expect(fields).toEqual({
      max_tokens: 512,
      temperature: 0.2,
      inferenceConfig: { stopSequences: ['END'] },
      tools,
      tool_choice: { tool: { name: 'get_weather' } },
      additionalModelRequestFields: { thinking: { type: 'enabled' } },
    });
    expect(dialect.toolChoice.read(fields.tool_choice)).toBe('get_weather');
  });

  it('keeps system blocks that are not all text as blocks, and leaves empty configs out', () => {
    const fields: Record<string, unknown> = { system: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }], messages: [], inferenceConfig: { topP: 0.9 }, toolConfig: { tools: [] } };
    expect(dialect.readConversation(fields)).toEqual([{ role: 'system', content: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }] }]);
    expect(fields).toEqual({ top_p: 0.9, tools: [] });
  });

  it('claims a body of Converse’s own members or content blocks, not a Chat Completions one', () => {
    expect(dialect.claimsBody({ messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }, {})).toBe(true);
    expect(dialect.claimsBody({ messages: [], inferenceConfig: { maxTokens: 5 } }, {})).toBe(true);
    expect(dialect.claimsBody({ messages: [{ role: 'user', content: 'Hi' }] }, {})).toBe(false);
    expect(dialect.claimsBody({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }, {})).toBe(false);
    expect(dialect.claimsBody({ contents: [] }, {})).toBe(false);
  });
});

describe('the ConverseStream tool choice', () => {
  it('writes a mode as its member and a name as a tool, and reads back only what the field can hold', () => {
    expect(dialect.toolChoice.write('auto')).toEqual({ auto: {} });
    expect(dialect.toolChoice.write('any')).toEqual({ any: {} });
    expect(dialect.toolChoice.write('get_weather')).toEqual({ tool: { name: 'get_weather' } });
    expect(dialect.toolChoice.read({ any: {} })).toBe('any');
    expect(dialect.toolChoice.read({ auto: { extra: 1 } })).toBeNull();
    expect(dialect.toolChoice.read({ tool: { name: 'f', other: 1 } })).toBeNull();
    expect(dialect.toolChoice.read('auto')).toBeNull();
    expect(dialect.toolChoice.mustUse).toBe('any');
  });
});

describe('the ConverseStream checks', () => {
  it('takes the roles the backend maps, and content blocks of one member each', () => {
    expect(dialect.messageProblem({ role: 'tool', content: 'ok' })).toBeNull();
    expect(dialect.messageProblem({ role: 'model', content: 'Hi' })).toBe('Converse takes the roles user and assistant (system and tool are mapped), not “model”');
    expect(dialect.messageProblem({ role: 'user', content: [{ text: 'Hi' }, { type: 'text', text: 'there' }] })).toBeNull();
    expect(dialect.messageProblem({ role: 'user', content: [{ text: 'Hi', image: {} }] })).toBe('content[0] must have one member ({"text": …}, {"toolUse": …}, {"toolResult": …} …), not 2');
    expect(dialect.messageProblem({ role: 'user', content: ['Hi'] })).toBe('content[0] must be a content block object');
  });

  it('checks a toolSpec’s name and schema, and takes a cache point or a system tool', () => {
    expect(dialect.toolProblem({ toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object' } } } })).toBeNull();
    expect(dialect.toolProblem({ toolSpec: { name: 'get weather', inputSchema: { json: {} } } })).toBe('toolSpec.name must be 1 to 64 letters, digits, _ or -');
    expect(dialect.toolProblem({ toolSpec: { name: 'f', inputSchema: { type: 'object' } } })).toBe('toolSpec.inputSchema must be {"json": a JSON Schema object}');
    expect(dialect.toolProblem({ toolSpec: { name: 'f', description: 3, inputSchema: { json: {} } } })).toBe('toolSpec.description must be a string');
    expect(dialect.toolProblem({ cachePoint: { type: 'default' } })).toBeNull();
    expect(dialect.toolProblem({ systemTool: { name: 'nova_grounding' } })).toBeNull();
    expect(dialect.toolProblem({ googleSearch: {} })).toBe('a tool is {"toolSpec": {name, inputSchema: {json}}}, {"systemTool": …} or {"cachePoint": …}');
    expect(JSON.parse(dialect.tools.example)).toHaveLength(1);
    expect(dialect.toolProblem(JSON.parse(dialect.tools.example)[0])).toBeNull();
  });
});
