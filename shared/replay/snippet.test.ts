import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from '../../electron/backend/replay/index.ts';
import type { ReplayServer } from '../../electron/backend/replay/index.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import { cleanTextStream, timed } from '../test/streams.ts';
import { replaySnippet, snippetRequest } from './snippet.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const hasPython = spawnSync('python3', ['--version']).status === 0;

// Messages that a careless snippet would mangle: quotes of both kinds (the shell's and the
// languages'), a backslash, a line break, characters beyond ASCII, null and booleans (spelt
// otherwise in Python), nested content parts.
const MESSAGES = [
  { role: 'system', content: "Don't say \"maybe\"; a back\\slash\nand a new line." },
  { role: 'user', content: [{ type: 'text', text: 'Ünïcödé — 😀 $HOME `id`' }] },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"strict":true}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: 'false' },
  { role: 'user', content: 'And?', name: 'sam', cache: { hit: false, exact: true, n: 1.5e-7 } },
];
const recording = timed([[1, cleanTextStream(['It', "'s", ' "done".'])]], {
  request: { method: 'POST', url: 'http://x/v1/chat/completions', headers: {}, body: { model: 'gpt-4o', messages: MESSAGES, stream: true } },
});
const answer = toContract(analyzeRecording(recording)).choices[0]!.message.content;
const request = snippetRequest([{ body: recording.request!.body, protocol: 'chat-completions' }], null);

let server: ReplayServer;
beforeAll(async () => {
  // Only a request with exactly these model and messages gets the stream (./match.ts): a
  // snippet that changed a character would get a 404.
  server = await startReplayServer({ sources: [{ label: 'tricky', recording }], speed: 0 });
});
afterAll(() => server.close());

describe('snippetRequest', () => {
  it('asks with the model and messages of the first recording that has a request body', () => {
    const chat = (body: unknown) => ({ body, protocol: 'chat-completions' as const });
    expect(snippetRequest([chat(null), chat('not a body'), chat({ model: 'a', messages: [{ role: 'user', content: 'x' }] }), chat({ model: 'b', messages: [] })], 'sim')).toEqual({
      protocol: 'chat-completions',
      model: 'a',
      messages: [{ role: 'user', content: 'x' }],
    });
  });

  it('falls back to the model the stream names, and a greeting, when no recording has a body (a plain .sse answers any request)', () => {
    expect(snippetRequest([{ body: undefined, protocol: 'chat-completions' }, { body: null, protocol: 'chat-completions' }], 'gpt-4o-2024-08-06')).toEqual({
      protocol: 'chat-completions',
      model: 'gpt-4o-2024-08-06',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(snippetRequest([], null)).toEqual({ protocol: 'chat-completions', model: 'replay', messages: [{ role: 'user', content: 'Hello' }] });
  });
});

describe('replaySnippet', () => {
  it('in TypeScript runs as pasted: the openai SDK streams the recorded answer', async () => {
    const program = replaySnippet('typescript', server.baseUrl, request).join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT });
    expect(stdout).toBe(answer);
  });

  it('in curl runs as pasted in a POSIX shell and prints the recorded body', async () => {
    const { stdout } = await run('sh', ['-c', replaySnippet('curl', server.baseUrl, request).join('\n')]);
    expect(stdout).toBe(new TextDecoder().decode(recording.reads[0]!.bytes));
  });

  it.skipIf(!hasPython)('in Python spells the messages as a Python literal equal to their JSON', async () => {
    const lines = replaySnippet('python', server.baseUrl, request);
    expect(lines.slice(0, 5)).toEqual(['from openai import OpenAI', '', `client = OpenAI(base_url="${server.baseUrl}", api_key="replay")`, 'stream = client.chat.completions.create(', '    model="gpt-4o",']);
    const literal = /^ {4}messages=(.*),$/.exec(lines[5]!)![1]!;
    const check = `import ast, json, sys\nprint(json.dumps(ast.literal_eval(sys.argv[1]), ensure_ascii=False))`;
    const { stdout } = await run('python3', ['-c', check, literal]);
    expect(JSON.parse(stdout)).toEqual(MESSAGES);
  });
});
