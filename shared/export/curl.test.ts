import { describe, expect, it } from 'vitest';
import type { Recording } from '../recording/types.ts';
import { curlCommand, keyVariable, shellQuote } from './curl.ts';

const recording = (url: string, headers: Record<string, string>, body: unknown = { model: 'm', stream: true }): Recording => ({
  source: 'live',
  startedAt: null,
  request: { method: 'POST', url, headers, body },
  response: null,
  reads: [],
  end: null,
});

describe('curl export', () => {
  it.each([
    ['https://api.openai.com/v1/chat/completions', 'OPENAI_API_KEY'],
    ['https://api.groq.com/openai/v1/chat/completions', 'GROQ_API_KEY'],
    ['https://openrouter.ai/api/v1/chat/completions', 'OPENROUTER_API_KEY'],
    ['https://my-resource.openai.azure.com/openai/deployments/x/chat/completions', 'AZURE_OPENAI_API_KEY'],
    ['https://api.x.ai/v1/chat/completions', 'XAI_API_KEY'],
    ['http://127.0.0.1:8000/v1/chat/completions', 'API_KEY'],
    ['http://localhost:11434/v1/chat/completions', 'API_KEY'],
    ['https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse-stream', 'AWS_BEARER_TOKEN_BEDROCK'],
  ])('names the key variable of %s %s', (url, variable) => {
    expect(keyVariable(url)).toBe(variable);
  });

  it('writes the request with the key as a variable, the body single-quoted, and -N', () => {
    const command = curlCommand(
      recording('https://api.openai.com/v1/chat/completions', { 'Content-Type': 'application/json', Authorization: 'Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123', 'Content-Length': '40', 'x-auth-token': 'tok_1234567890abcdef' }, { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: "it's" }] }),
      'greeting',
    );
    expect(command).toBe(
      [
        '# greeting: repeats the request as Streamscope recorded it.',
        '# Set OPENAI_API_KEY, X_AUTH_TOKEN first; no secret is written here.',
        'curl -N \\',
        '  https://api.openai.com/v1/chat/completions \\',
        "  -H 'Content-Type: application/json' \\",
        '  -H "Authorization: Bearer $OPENAI_API_KEY" \\',
        '  -H "x-auth-token: $X_AUTH_TOKEN" \\',
        `  --data-raw '{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"it'\\''s"}]}'`,
        '',
      ].join('\n'),
    );
  });

  it('sends a Bedrock answer, binary event-stream frames, to a file that inspect reads, the Bedrock API key from its variable', () => {
    const url = 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream';
    const bedrock: Recording = {
      ...recording(url, { 'content-type': 'application/json', authorization: 'Bearer ABSKQmVkcm9ja0FQSUtleS1hYmNkZWZnaGlqa2xtbm9wcXJzdHV2' }, { messages: [{ role: 'user', content: [{ text: 'hi' }] }] }),
      response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
    };
    expect(curlCommand(bedrock, 'bedrock')).toBe(
      [
        '# bedrock: repeats the request as Streamscope recorded it.',
        '# Set AWS_BEARER_TOKEN_BEDROCK first; no secret is written here.',
        '# The answer is binary (application/vnd.amazon.eventstream frames): it goes to response.bin; read it with `streamscope inspect response.bin`.',
        'curl -N \\',
        `  ${url} \\`,
        "  -H 'content-type: application/json' \\",
        '  -H "authorization: Bearer $AWS_BEARER_TOKEN_BEDROCK" \\',
        `  --data-raw '{"messages":[{"role":"user","content":[{"text":"hi"}]}]}' \\`,
        '  --output response.bin',
        '',
      ].join('\n'),
    );
  });

  it('reads a redacted key in the URL from the variable, and says -X for a method curl would not infer', () => {
    const command = curlCommand({ ...recording('https://example.com/v1/chat?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&x=1', {}), request: { method: 'PUT', url: 'https://example.com/v1/chat?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&x=1', headers: {}, body: null } });
    expect(command).toContain("curl -N \\\n  -X PUT \\\n  'https://example.com/v1/chat?key='\"$EXAMPLE_API_KEY\"'&x=1'\n");
    expect(command).not.toContain('9tSrke72');
  });

  it('keeps a comment line one line, whatever the name holds', () => {
    expect(curlCommand(recording('http://127.0.0.1/v1', {}), 'a\nrm -rf ~\u2028x').split('\n')[0]).toBe('# a rm -rf ~ x: repeats the request as Streamscope recorded it.');
  });

  it('quotes for bash: safe words as they are, anything else in single quotes', () => {
    expect(shellQuote('https://a.b/c')).toBe('https://a.b/c');
    // ? * [ match file names unquoted.
    expect(shellQuote('https://a.b/c?d=1')).toBe("'https://a.b/c?d=1'");
    expect(shellQuote("$(x) `y` it's")).toBe("'$(x) `y` it'\\''s'");
    expect(shellQuote('-H')).toBe('-H');
  });

  it('refuses a recording without a request', () => {
    expect(() => curlCommand({ ...recording('u', {}), request: null })).toThrow('this recording has no request (a plain SSE body): there is nothing for curl to repeat');
  });
});
