import { describe, expect, it } from 'vitest';
import { detectProtocol, protocolFromEvents, protocolFromPath } from './detect.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { untimed } from '../test/streams.ts';
import { sseEvents } from './streams.test-support.ts';

describe('the dialect of a request path', () => {
  it.each([
    ['/v1/chat/completions', 'chat-completions'],
    ['/chat/completions', 'chat-completions'],
    ['https://example.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21', 'chat-completions'],
    ['/v1/responses', 'responses'],
    ['/responses?stream=true', 'responses'],
    ['https://openrouter.ai/api/v1/responses/', 'responses'],
    ['https://bedrock-mantle.us-east-1.api.aws/openai/v1/responses#frag', 'responses'],
    ['/v1/messages', 'anthropic-messages'],
    ['/messages?beta=true', 'anthropic-messages'],
    ['HTTPS://API.ANTHROPIC.COM/V1/MESSAGES', 'anthropic-messages'],
  ] as const)('%s is %s', (url, protocol) => {
    expect(protocolFromPath(url)).toBe(protocol);
  });

  it.each(['/v1/completions', '/v1/responses/resp_123', '/v1/messages/count_tokens', '/v1/embeddings', '', 'https://example.com'])('%s tells nothing', (url) => {
    expect(protocolFromPath(url)).toBeNull();
  });
});

describe('the dialect of the first events', () => {
  it('is Chat Completions for a chat.completion.chunk, or a payload with choices', () => {
    expect(protocolFromEvents(sseEvents('data: {"object":"chat.completion.chunk","choices":[]}\n\n'))).toBe('chat-completions');
    expect(protocolFromEvents(sseEvents('data: {"id":"x","choices":[{"delta":{}}]}\n\n'))).toBe('chat-completions');
  });

  it('is Responses for a response.* type', () => {
    expect(protocolFromEvents(sseEvents('event: response.created\ndata: {"type":"response.created","response":{}}\n\n'))).toBe('responses');
  });

  it('is Anthropic Messages for message_start, or any event only Anthropic sends', () => {
    expect(protocolFromEvents(sseEvents('event: message_start\ndata: {"type":"message_start","message":{}}\n\n'))).toBe('anthropic-messages');
    expect(protocolFromEvents(sseEvents('data: {"type":"content_block_delta","index":0,"delta":{}}\n\n'))).toBe('anthropic-messages');
  });

  it('skips comments, pings, errors and JSON that is cut short, and falls back on the event name', () => {
    const body = ': OPENROUTER PROCESSING\n\nevent: ping\ndata: {"type": "ping"}\n\ndata: {"type":"error"}\n\nevent: message_start\ndata: {"type":"message_st\n\n';
    expect(protocolFromEvents(sseEvents(body))).toBe('anthropic-messages');
  });

  it("is Anthropic Messages for a lone error event in Anthropic's shape (an overload before message_start)", () => {
    expect(protocolFromEvents(sseEvents('event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n'))).toBe('anthropic-messages');
  });

  it("is not Anthropic for Responses' error event, which carries a sequence_number, nor for Chat's bare error object", () => {
    const responses = 'event: error\ndata: {"type":"error","sequence_number":2,"error":{"type":"insufficient_quota","code":"insufficient_quota","message":"quota","param":null}}\n\n';
    expect(protocolFromEvents(sseEvents(responses))).toBeNull();
    expect(protocolFromEvents(sseEvents('data: {"error":{"type":"server_error","message":"boom"}}\n\n'))).toBeNull();
    expect(protocolFromEvents(sseEvents('data: {"type":"error","error":"overloaded"}\n\n'))).toBeNull();
  });

  it('is unknown for anything else', () => {
    expect(protocolFromEvents(sseEvents('data: {"hello":1}\n\ndata: [DONE]\n\ndata: not json\n\n'))).toBeNull();
    expect(protocolFromEvents([])).toBeNull();
  });
});

describe('telling the dialect', () => {
  it('goes by the path first', () => {
    expect(detectProtocol({ url: '/v1/messages', events: sseEvents('data: {"type":"response.created"}\n\n') })).toEqual({ protocol: 'anthropic-messages', by: 'path' });
  });

  it('then by the events', () => {
    expect(detectProtocol({ url: '/proxy/stream', events: sseEvents('data: {"type":"response.created"}\n\n') })).toEqual({ protocol: 'responses', by: 'events' });
    expect(detectProtocol({ url: null, events: sseEvents('data: {"type":"message_start"}\n\n') })).toEqual({ protocol: 'anthropic-messages', by: 'events' });
  });

  it('tells a lone Anthropic overloaded error read from a bare file (no request path) and finds what is wrong with it', () => {
    const body = new TextEncoder().encode('event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n');
    const { protocol, diagnostics } = analyzeRecording(untimed(body));
    expect(protocol).toBe('anthropic-messages');
    expect(diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').map((diagnostic) => diagnostic.code)).toEqual(['missing-message-stop', 'stream-error']);
  });

  it('says when it cannot', () => {
    expect(detectProtocol({ url: '/x', events: sseEvents(': hi\n\n') })).toEqual({ protocol: null, by: null });
    expect(detectProtocol({})).toEqual({ protocol: null, by: null });
  });
});

describe('a stream whose dialect could not be told', () => {
  it('is read raw: every event shown, nothing accumulated, no finding of a dialect', async () => {
    const { raw } = await import('./raw.ts');
    const { runDialect } = await import('./run.ts');
    const events = sseEvents(': hi\n\ndata: {"a":1}\n\nevent: x\ndata: {oops\n\ndata: [DONE]\n\nevent: y\n\n');
    const result = runDialect(raw, events);
    expect(result.events.map((event) => raw.annotate(event.sse, event.interpretation))).toEqual(['comment ": hi"', 'data: "{\\"a\\":1}"', 'not JSON: "{oops"', '[DONE]', 'no data (event: y)']);
    expect(result.events.map((event) => event.interpretation.kind)).toEqual(['comment', 'data', 'invalid-json', 'done', 'no-data']);
    expect([result.final, result.usage, result.diagnostics, result.firstToken]).toEqual([null, null, [], -1]);
  });
});
