// The replay snippet for a Responses and an Anthropic Messages recording: in TypeScript it runs as
// pasted with the dialect's official SDK (openai's responses.stream(), @anthropic-ai/sdk's
// messages.stream()) and prints the recorded text; in curl it posts to the dialect's path and
// prints the recorded body; in Python it spells every request member as a literal equal to its
// JSON. The members are the ones a recording is matched on, with text a careless snippet would mangle.

import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from '../../electron/backend/replay/index.ts';
import type { ReplayServer } from '../../electron/backend/replay/index.ts';
import { messagesStream, responsesStream, toSse } from '../dialects/streams.test-support.ts';
import type { Recording } from '../recording/types.ts';
import { timed } from '../test/streams.ts';
import type { Protocol } from './dialect.ts';
import { replaySnippet, snippetNote, snippetRequest } from './snippet.ts';
import type { SnippetRequest } from './snippet.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const hasPython = spawnSync('python3', ['--version']).status === 0;

const TRICKY = "Don't say \"maybe\"; a back\\slash\nand $HOME `id` — Ünïcödé 😀";
const PIECES = ['It', "'s", ' "done"', ' — ✓.'];

const RESPONSES_BODY = {
  model: 'gpt-5',
  instructions: TRICKY,
  input: [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: TRICKY }] },
    { type: 'function_call_output', call_id: 'call_1', output: '{"strict":true,"none":null}' },
  ],
  stream: true,
};
const MESSAGES_BODY = {
  model: 'claude-sonnet-4-6',
  max_tokens: 321,
  system: [{ type: 'text', text: TRICKY, cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: [{ type: 'text', text: TRICKY }] }],
  stream: true,
};

const recorded = (body: Record<string, unknown>, url: string, sse: string): Recording => timed([[1, sse]], { request: { method: 'POST', url, headers: {}, body } });
const CASES: { protocol: Protocol; recording: Recording; members: Record<string, unknown> }[] = [
  {
    protocol: 'responses',
    recording: recorded(RESPONSES_BODY, 'https://api.openai.com/v1/responses', toSse(responsesStream([{ type: 'message', text: PIECES }]))),
    members: { model: 'gpt-5', input: RESPONSES_BODY.input, instructions: TRICKY },
  },
  {
    protocol: 'anthropic-messages',
    recording: recorded(MESSAGES_BODY, 'https://api.anthropic.com/v1/messages', toSse(messagesStream([{ type: 'text', text: PIECES }]))),
    members: { model: 'claude-sonnet-4-6', max_tokens: 321, system: MESSAGES_BODY.system, messages: MESSAGES_BODY.messages },
  },
];

let server: ReplayServer;
beforeAll(async () => {
  // Only a request with exactly these members gets the stream (./match.ts): a snippet that changed a character would get a 404.
  server = await startReplayServer({ sources: CASES.map(({ protocol, recording }) => ({ label: protocol, recording })), speed: 0 });
});
afterAll(() => server.close());

describe.each(CASES)('the snippet for a $protocol recording', ({ protocol, recording, members }) => {
  const request: SnippetRequest = snippetRequest([{ body: null, protocol: 'chat-completions' }, { body: recording.request!.body, protocol }], null);

  it("asks with the recording's own members, in its dialect", () => {
    expect(request).toEqual({ protocol, ...members });
  });

  it('in TypeScript runs as pasted: the official SDK streams the recorded text', async () => {
    const program = replaySnippet('typescript', server.baseUrl, request).join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT });
    expect(stdout).toBe(PIECES.join(''));
  });

  it("in curl runs as pasted in a POSIX shell, on the dialect's path, and prints the recorded body", async () => {
    const lines = replaySnippet('curl', server.baseUrl, request);
    expect(lines[0]).toBe(`curl -N '${server.baseUrl}${protocol === 'responses' ? '/responses' : '/messages'}' \\`);
    const { stdout } = await run('sh', ['-c', lines.join('\n')]);
    expect(stdout).toBe(new TextDecoder().decode(recording.reads[0]!.bytes));
  });

  it.skipIf(!hasPython)('in Python spells each member as a literal equal to its JSON', async () => {
    const lines = replaySnippet('python', server.baseUrl, request);
    const check = `import ast, json, sys\nprint(json.dumps(ast.literal_eval(sys.argv[1]), ensure_ascii=False))`;
    const spelt: Record<string, unknown> = {};
    for (const line of lines) {
      const member = /^ {4}(\w+)=(.*),$/.exec(line);
      if (member) spelt[member[1]!] = JSON.parse((await run('python3', ['-c', check, member[2]!])).stdout) as unknown;
    }
    expect(spelt).toEqual(members);
  });
});

describe('the Anthropic snippet', () => {
  it("gives the SDKs the server's origin, since they add /v1/messages themselves, and sends Anthropic's headers in curl", () => {
    const request = snippetRequest([{ body: null, protocol: 'anthropic-messages' }], 'claude-sonnet-4-6');
    expect(request).toEqual({ protocol: 'anthropic-messages', model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello' }] });
    expect(replaySnippet('typescript', 'http://127.0.0.1:9/v1', request)[1]).toBe("const client = new Anthropic({ baseURL: \"http://127.0.0.1:9\", apiKey: 'replay' });");
    expect(replaySnippet('python', 'http://127.0.0.1:9/v1', request)[2]).toBe('client = Anthropic(base_url="http://127.0.0.1:9", api_key="replay")');
    expect(replaySnippet('curl', 'http://127.0.0.1:9/v1', request)).toEqual([
      "curl -N 'http://127.0.0.1:9/v1/messages' \\",
      "  -H 'content-type: application/json' \\",
      "  -H 'x-api-key: replay' \\",
      "  -H 'anthropic-version: 2023-06-01' \\",
      `  -d '{"model":"claude-sonnet-4-6","max_tokens":1024,"messages":[{"role":"user","content":"Hello"}],"stream":true}'`,
    ]);
  });

  it('names the SDK each dialect uses', () => {
    expect(snippetNote('typescript', 'anthropic-messages')).toBe('The official Anthropic SDK (npm install @anthropic-ai/sdk), as an ES module.');
    expect(snippetNote('python', 'responses')).toBe('The official openai SDK (pip install openai).');
    expect(snippetNote('curl', 'responses')).toBe('The raw stream, as the server sends it.');
  });
});
