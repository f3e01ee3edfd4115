import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, recordingFromSse, serializeSsrec, toContract } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { CORPUS_DIR } from '../../../shared/test/dialect-corpus.ts';
import { latin1, recordDialectScenarios, recordScenarios } from '../../../shared/test/replay-support.ts';
import { REAL_STREAMS_DIR, realStream } from '../../../shared/test/streams.ts';
import { parseSse } from '../../../shared/framing/sse/parser.ts';
import { startReplayServer } from '../replay/index.ts';
import { wireRequest } from '../replay/test-client.ts';
import { openStore } from '../store/index.ts';
import { CliError } from './errors.ts';
import { main } from './main.ts';
import { captureOutput } from './output.ts';
import { replayCommand, REPLAY_USAGE } from './replay.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'streamscope-replay-'));
const SSE = join(REAL_STREAMS_DIR, 'openai-gpt4o-structured-text-usage.sse');
let text: Recording;
let textFile: string;
beforeAll(async () => {
  text = (await recordScenarios()).find(({ name }) => name === 'text')!.recording;
  textFile = join(dir, 'text.ssrec.jsonl');
  writeFileSync(textFile, serializeSsrec(text));
});
const requestOf = (recording: Recording): string => JSON.stringify(recording.request!.body);
const bodyOf = (recording: Recording): string => latin1(Buffer.concat(recording.reads.map((read) => read.bytes)));

describe('streamscope replay', () => {
  it('serves the recordings given, prints the base URL, what each answers and a snippet for the openai SDK, logs each request, and stops', async () => {
    let baseUrl = '';
    const run = captureOutput();
    const exit = await replayCommand([textFile, SSE, '--speed', '0', '--interval', '0'], run, async (server) => {
      baseUrl = server.baseUrl;
      const matched = await wireRequest(`${baseUrl}/chat/completions`, { body: requestOf(text) });
      expect(latin1(matched.body)).toBe(bodyOf(text));
      const fallback = await wireRequest(`${baseUrl}/chat/completions`, { body: '{"model":"other","messages":[]}' });
      expect(latin1(fallback.body)).toBe(latin1(realStream('openai-gpt4o-structured-text-usage.sse')));
    });
    expect(exit).toBe(0);
    const messages = JSON.stringify(text.request!.body && (text.request!.body as { messages: unknown }).messages);
    const width = SSE.length + 2;
    const events = analyzeRecording(text).events.length;
    const sseEvents = analyzeRecording(recordingFromSse(realStream('openai-gpt4o-structured-text-usage.sse'))).events.length;
    expect(run.out).toBe(
      [
        `Streamscope replay on ${baseUrl}  (speed 0, no faults)`,
        '',
        'Recordings (a request gets the recording whose request had the same model and messages):',
        `  ${textFile.padEnd(width)}model "sim-text", "How does streaming work?"  [HTTP 200, ${events} events, timed]`,
        `  ${SSE.padEnd(width)}any request (it streams "gpt-4o-2024-08-06")  [${sseEvents} events, untimed: 0 ms apart]`,
        '',
        'Try it with the official openai SDK (npm install openai):',
        "  import OpenAI from 'openai';",
        `  const client = new OpenAI({ baseURL: "${baseUrl}", apiKey: 'replay' });`,
        `  const stream = await client.chat.completions.create({ model: "sim-text", messages: ${messages}, stream: true });`,
        "  for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
        '',
        'Ctrl-C to stop.',
        '',
      ].join('\n') + run.out.slice(run.out.indexOf('Ctrl-C to stop.\n') + 'Ctrl-C to stop.\n'.length),
    );
    const logged = run.out.split('Ctrl-C to stop.\n')[1]!.split('\n');
    expect(logged[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d POST /v1/chat/completions sim-text → ${escape(textFile)} 200, [\\d,]+ bytes in [\\d,]+ ms, complete$`));
    expect(logged[1]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d POST /v1/chat/completions other → ${escape(SSE)} 200, [\\d,]+ bytes in [\\d,]+ ms, complete$`));
    expect(logged.slice(2)).toEqual(['Replay stopped.', '']);
    await expect(fetch(`${baseUrl}/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('prints a snippet that runs as pasted: the openai SDK streams the recorded answer', async () => {
    const run = captureOutput();
    await replayCommand([textFile, '--speed', '0'], run, async () => {
      const lines = run.out.split('\n');
      const start = lines.indexOf("  import OpenAI from 'openai';");
      const program = lines.slice(start, start + 4).join('\n');
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT });
      expect(stdout).toBe(toContract(analyzeRecording(text)).choices[0]!.message.content);
    });
  });

  it('says when it keeps precise timing (--precise), and serves the same bytes', async () => {
    const run = captureOutput();
    await replayCommand([textFile, '--precise'], run, async (server) => {
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(text) });
      expect(latin1(wire.body)).toBe(bodyOf(text));
    });
    expect(run.out).toContain('  (speed 1, precise timing, no faults)\n');
  });

  it('replays a stored recording by its number, with faults, and logs what the faults did', async () => {
    const db = join(dir, 'stored.db');
    const store = openStore(db);
    const id = store.importRecording(text, { name: 'hello' });
    store.close();
    const run = captureOutput();
    const events = analyzeRecording(text).events.length;
    await replayCommand([String(id), '--db', db, '--speed', '0', '--drop-done', '--cut-after-event', '3', '--stall-before-event', '2:20', '--stall-before-event', '1:10'], run, async (server) => {
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(text) });
      expect(wire.ending).toBe('cut');
    });
    expect(run.out).toContain(`(speed 0, faults: cut after event 3, stall 20 ms before event 2, stall 10 ms before event 1, drop [DONE])`);
    expect(run.out).toContain(`  #${id} "hello"  model "sim-text", "How does streaming work?"  [HTTP 200, ${events} events, timed]`);
    expect(run.out).toMatch(
      new RegExp(`POST /v1/chat/completions sim-text → #${id} "hello" 200, [\\d,]+ bytes in [\\d,]+ ms, cut  \\[dropped \\[DONE\\] \\(event ${events - 1}\\); stalled 20 ms before event 2; stalled 10 ms before event 1; cut after event 3 \\(byte \\d+\\)\\]\n`),
    );
  });

  it('answers with the status and the body of a file instead of the stream', async () => {
    const bodyFile = join(dir, 'overloaded.json');
    writeFileSync(bodyFile, '{"error":{"message":"Overloaded"}}');
    const run = captureOutput();
    await replayCommand([SSE, '--status', '529', '--body', bodyFile], run, async (server) => {
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: '{}' });
      expect([wire.status, latin1(wire.body)]).toEqual([529, '{"error":{"message":"Overloaded"}}']);
    });
    expect(run.out).toContain('faults: answer HTTP 529 with the given body)');
    expect(run.out).toMatch(/→ .* 529, 34 bytes in \d+ ms, complete {2}\[answered HTTP 529 instead of the recording\]\n/);
  });

  it("writes OpenAI's mid-stream error after event N and ends the body cleanly", async () => {
    const run = captureOutput();
    await replayCommand([SSE, '--speed', '0', '--error-after-event', '0'], run, async (server) => {
      const wire = await wireRequest(`${server.baseUrl}/chat/completions`, { body: '{}' });
      const first = parseSse(readFileSync(SSE)).events[0]!;
      expect(wire.ending).toBe('complete');
      expect(latin1(wire.body)).toBe(
        latin1(readFileSync(SSE).subarray(0, first.end)) + 'data: {"error":{"message":"Streamscope replay: an error after event 0 (the error-after-event fault).","type":"server_error","param":null,"code":null}}\n\n',
      );
    });
    expect(run.out).toContain('(speed 0, faults: error after event 0)');
    expect(run.out).toMatch(/ 200, 444 bytes in \d+ ms, complete {2}\[error after event 0 \(byte 292, 152 bytes\)\]\n/);
  });

  it('explains bad arguments in one line', async () => {
    const cases: [string[], string][] = [
      [[], 'missing RECORDING (see --help)'],
      [[SSE, '--port', '70000'], '--port takes a port number from 0 to 65535, not "70000"'],
      [[SSE, '--speed', 'fast'], '--speed takes a number, 0 or more (1 the recorded pace, 0 no waits), not "fast"'],
      [[SSE, '--speed=-1'], '--speed takes a number, 0 or more (1 the recorded pace, 0 no waits), not "-1"'],
      [[SSE, '--interval', ''], '--interval takes a number of milliseconds, 0 or more, not ""'],
      [[SSE, '--cut-after-event', '1.5'], '--cut-after-event takes an event number, 0 or more (the # column of "streamscope inspect"), not "1.5"'],
      [[SSE, '--cut-after-byte=-3'], '--cut-after-byte takes a number of bytes, 0 or more, not "-3"'],
      [[SSE, '--corrupt-event', 'x'], '--corrupt-event takes an event number, 0 or more (the # column of "streamscope inspect"), not "x"'],
      [[SSE, '--error-after-event=-1'], '--error-after-event takes an event number, 0 or more (the # column of "streamscope inspect"), not "-1"'],
      [[SSE, '--stall-before-event', '3'], '--stall-before-event takes N:MS (an event number and milliseconds, e.g. 3:500), not "3"'],
      [[SSE, '--status', '99'], '--status takes an HTTP status from 200 to 599, not "99"'],
      [[SSE, '--body', 'x.json'], '--body goes with --status CODE (the body of that answer)'],
      [[SSE, '--status', '500', '--body', join(dir, 'missing.json')], `cannot read ${join(dir, 'missing.json')}: no such file`],
      [[join(dir, 'missing.sse')], `cannot read ${join(dir, 'missing.sse')}: no such file`],
    ];
    for (const [args, message] of cases) await expect(replayCommand(args, captureOutput(), async () => {}), args.join(' ')).rejects.toThrow(new CliError(message));
    await expect(replayCommand([SSE, '--cut-after'], captureOutput(), async () => {})).rejects.toBeInstanceOf(CliError);
    const out = captureOutput();
    expect(await main(['replay', SSE, '--speed', 'x'], out)).toBe(2);
    expect(out.err).toBe('streamscope replay: --speed takes a number, 0 or more (1 the recorded pace, 0 no waits), not "x"\n');
  });

  it('says so when the port is taken', async () => {
    const taken = await startReplayServer({ sources: [] });
    try {
      await expect(replayCommand([SSE, '--port', String(taken.port)], captureOutput(), async () => {})).rejects.toThrow(new CliError(`port ${taken.port} is already in use on 127.0.0.1 (--port 0 picks a free one)`));
    } finally {
      await taken.close();
    }
  });

  it('documents every fault option', () => {
    for (const option of ['--cut-after-event N', '--cut-after-byte N', '--stall-before-event N:MS', '--drop-done', '--drop-finish', '--drop-usage', '--buffer-all', '--corrupt-event N', '--error-after-event N', '--status CODE', '--body FILE', '--interval MS', '--speed X', '--db PATH']) {
      expect(REPLAY_USAGE).toContain(`  ${option}`);
    }
  });

  it('runs from bin/streamscope until SIGINT, then closes and exits 0', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/streamscope'), 'replay', textFile, '--speed', '0'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => stdout, { timeout: 20_000 }).toContain('Ctrl-C to stop.');
    const baseUrl = /on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stdout)![1]!;
    const wire = await wireRequest(`${baseUrl}/chat/completions`, { body: requestOf(text) });
    expect(latin1(wire.body)).toBe(bodyOf(text));
    await expect.poll(() => stdout).toMatch(/POST \/v1\/chat\/completions sim-text → .* complete\n/);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout.endsWith('Replay stopped.\n')).toBe(true);
  });
});

describe('streamscope replay with Responses and Anthropic Messages recordings', () => {
  const MESSAGES_SSE = join(CORPUS_DIR, 'messages/anthropic-sonnet46-text.sse');
  let responses: Recording;
  let responsesFile: string;
  beforeAll(async () => {
    responses = (await recordDialectScenarios('responses')).find(({ name }) => name === 'text')!.recording;
    responsesFile = join(dir, 'responses.ssrec.jsonl');
    writeFileSync(responsesFile, serializeSsrec(responses));
  });

  it("serves each on its dialect's path, says how each is matched and what each answers, and prints a snippet for the first one's SDK", async () => {
    let baseUrl = '';
    const run = captureOutput();
    await replayCommand([responsesFile, MESSAGES_SSE, textFile, '--speed', '0', '--interval', '0', '--drop-done'], run, async (server) => {
      baseUrl = server.baseUrl;
      expect((await wireRequest(`${baseUrl}/responses`, { body: requestOf(responses) })).status).toBe(200);
      expect((await wireRequest(`${baseUrl}/messages`, { body: '{"model":"any","max_tokens":9,"messages":[]}' })).status).toBe(200);
      expect((await wireRequest(`${baseUrl}/chat/completions`, { body: requestOf(text) })).status).toBe(200);
    });
    const width = MESSAGES_SSE.length + 2;
    const events = (recording: Recording): number => analyzeRecording(recording).events.length;
    const input = JSON.stringify((responses.request!.body as { input: unknown }).input);
    const head = run.out.slice(0, run.out.indexOf('Ctrl-C to stop.\n'));
    expect(head).toBe(
      [
        `Streamscope replay on ${baseUrl}  (speed 0, faults: drop the terminal event (Responses) / message_stop (Anthropic Messages) / [DONE] (Chat Completions))`,
        '',
        "Recordings (a request gets the recording of its path's dialect whose request had the same model, input and instructions (Responses); model, messages and system (Anthropic Messages); model and messages (Chat Completions)):",
        `  ${responsesFile.padEnd(width)}POST …/responses: model "sim-text", "How does streaming work?"  [HTTP 200, ${events(responses)} events, timed]`,
        `  ${MESSAGES_SSE.padEnd(width)}POST …/messages: any request (it streams "claude-sonnet-4-6")  [${events(recordingFromSse(new Uint8Array(readFileSync(MESSAGES_SSE))))} events, untimed: 0 ms apart]`,
        `  ${textFile.padEnd(width)}model "sim-text", "How does streaming work?"  [HTTP 200, ${events(text)} events, timed]`,
        '',
        'Try it with the official openai SDK (npm install openai):',
        "  import OpenAI from 'openai';",
        `  const client = new OpenAI({ baseURL: "${baseUrl}", apiKey: 'replay' });`,
        `  const stream = client.responses.stream({ model: "sim-text", input: ${input} });`,
        "  stream.on('response.output_text.delta', (event) => process.stdout.write(event.delta));",
        '  await stream.finalResponse();',
        '',
        '',
      ].join('\n'),
    );
    const logged = run.out.split('Ctrl-C to stop.\n')[1]!.split('\n');
    expect(logged[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d POST /v1/responses sim-text → ${escape(responsesFile)} 200, [\\d,]+ bytes in [\\d,]+ ms, complete  \\[dropped the terminal event \\(response\\.completed, event ${events(responses) - 1}\\)\\]$`));
    expect(logged[1]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d POST /v1/messages any → ${escape(MESSAGES_SSE)} 200, [\\d,]+ bytes in [\\d,]+ ms, complete  \\[dropped message_stop \\(event \\d+\\)\\]$`));
  });

  it('prints a snippet for an Anthropic recording that runs as pasted: the Anthropic SDK streams the recorded text', async () => {
    const run = captureOutput();
    await replayCommand([MESSAGES_SSE, '--speed', '0'], run, async () => {
      const lines = run.out.split('\n');
      expect(lines).toContain('Try it with the official Anthropic SDK (npm install @anthropic-ai/sdk):');
      const start = lines.indexOf("  import Anthropic from '@anthropic-ai/sdk';");
      const program = lines.slice(start, start + 5).join('\n');
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT });
      const message = toContract(analyzeRecording(recordingFromSse(new Uint8Array(readFileSync(MESSAGES_SSE))))) as { message?: { content: { type: string; text?: string }[] } };
      expect(stdout).toBe(message.message!.content.map((block) => block.text ?? '').join(''));
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
