// The ConverseStream body's toolConfig.toolChoice from the editor's tool_choice, in each of the
// words the other builders accept: Chat Completions', Anthropic's and Converse's own.

import { describe, expect, it } from 'vitest';
import { converseBody } from './request.ts';

const weather = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
const spec = { toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } } } } } };
const messages = [{ role: 'user', content: 'Weather in Oslo?' }];
const built = (toolChoice: unknown) => converseBody({ model: 'm', messages, tools: [weather], params: { tool_choice: toolChoice } });
const withChoice = (toolChoice: unknown) => ({ ok: true, body: { messages: [{ role: 'user', content: [{ text: 'Weather in Oslo?' }] }], toolConfig: { tools: [spec], toolChoice } } });

describe("a ConverseStream body's tool choice", () => {
  it("maps Chat Completions' 'auto', 'required' and a named function onto auto, any and tool", () => {
    expect(built('auto')).toEqual(withChoice({ auto: {} }));
    expect(built('required')).toEqual(withChoice({ any: {} }));
    expect(built({ type: 'function', function: { name: 'get_weather' } })).toEqual(withChoice({ tool: { name: 'get_weather' } }));
  });

  it("maps Anthropic's auto, any and a named tool the same way", () => {
    expect(built({ type: 'auto' })).toEqual(withChoice({ auto: {} }));
    expect(built({ type: 'any' })).toEqual(withChoice({ any: {} }));
    expect(built({ type: 'tool', name: 'get_weather' })).toEqual(withChoice({ tool: { name: 'get_weather' } }));
  });

  it("sends Converse's own union (the editor's) as given, and never as a top-level tool_choice", () => {
    expect(built({ any: {} })).toEqual(withChoice({ any: {} }));
    expect(built({ tool: { name: 'get_weather' } })).toEqual(withChoice({ tool: { name: 'get_weather' } }));
  });

  it("refuses 'none' in either dialect's words, as Converse has no such choice", () => {
    const problem = "tool_choice 'none' has no Converse equivalent (ToolChoice is auto, any or tool): send no tools instead";
    expect(built('none')).toEqual({ ok: false, problem });
    expect(built({ type: 'none' })).toEqual({ ok: false, problem });
  });

  it('keeps the toolConfig members the fields give, and puts a choice there even without tools', () => {
    expect(converseBody({ model: 'm', messages: [], params: { tool_choice: 'auto', toolConfig: { tools: [spec] } } })).toEqual({ ok: true, body: { messages: [], toolConfig: { tools: [spec], toolChoice: { auto: {} } } } });
  });

  it('builds no toolConfig when neither tools nor a choice are given', () => {
    expect(converseBody({ model: 'm', messages })).toEqual({ ok: true, body: { messages: [{ role: 'user', content: [{ text: 'Weather in Oslo?' }] }] } });
  });
});
