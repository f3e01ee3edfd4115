// `streamscope replay RECORDING… [--port N] [--host H] [--speed X] [--precise] [--interval MS] [faults] [--db PATH]`

import { parseSse } from '../../../shared/sse/parser.ts';
import { isTimed } from '../../../shared/recording/types.ts';
import type { ReplayFaults, ReplayStall } from '../../../shared/replay/faults.ts';
import { describeFaults } from '../../../shared/replay/faults.ts';
import { abbreviate, summarizeRecording } from '../../../shared/replay/match.ts';
import { DEFAULT_UNTIMED_INTERVAL_MS } from '../../../shared/replay/plan.ts';
import { replaySnippet, snippetRequest } from '../../../shared/replay/snippet.ts';
import { startReplayServer } from '../replay/index.ts';
import type { ReplayRequestLog, ReplayServer, ReplaySource } from '../replay/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { loadRecordingArg, readBytes } from './recording-arg.ts';
import { count } from './render.ts';
import { exposureWarning, interrupted, listenError, painter, runUntilStopped } from './serving.ts';
import type { Paint } from './serving.ts';

export const REPLAY_USAGE = `Usage: streamscope replay RECORDING... [options]

Serves recordings on loopback as an OpenAI-compatible endpoint
(POST /v1/chat/completions): the recorded status, headers and body bytes, in
the recorded reads, at the recorded times. RECORDING is a stored recording (its
number, as "streamscope list" shows it), a timed recording (.ssrec.jsonl) or a
plain SSE body (.sse, which has no timing: its events are paced evenly).
With several, a request gets the recording whose request had the same model
and messages; one without a request (a .sse) answers any other request.
Runs until Ctrl-C, printing one line per request.

Options:
  --port N                   Port (default 0: a free one)
  --host H                   Address to bind (default 127.0.0.1)
  --speed X                  1 the recorded pace (default), 2 twice as fast,
                             0 no waits at all
  --precise                  Keep awake through every wait instead of sleeping
                             until shortly before each write: writes leave
                             within a fraction of a millisecond of their
                             moment even where waking up takes milliseconds
                             (virtual machines), for a CPU core kept busy
                             while a stream plays
  --interval MS              Pause between the events of a .sse (default ${DEFAULT_UNTIMED_INTERVAL_MS};
                             0 none)
  --db PATH                  Database for a stored RECORDING (default:
                             $STREAMSCOPE_DB or the data folder)
  -h, --help                 Show this help

Faults (N is an event's number, the # column of "streamscope inspect"):
  --cut-after-event N        Destroy the connection right after event N
  --cut-after-byte N         Destroy the connection after N body bytes
  --stall-before-event N:MS  Go silent for MS milliseconds before event N
                             (repeatable)
  --drop-done                Leave out data: [DONE]
  --drop-finish              Leave out the finish reason: chunks that carry only
                             it go, others carry "finish_reason": null
  --drop-usage               Leave out the usage chunk (choices: [] with usage)
  --buffer-all               Hold every byte and send it all at the end, as a
                             buffering proxy does
  --corrupt-event N          Cut event N's JSON in half
  --status CODE              Answer with this HTTP status instead of the stream
  --body FILE                ...and this body (default: an error in OpenAI's
                             shape)

docs/replay.md says what a client sees for each fault.`;

interface ReplayOptions {
  readonly host: string;
  readonly port: number;
  readonly speed: number;
  readonly precise: boolean;
  readonly untimedIntervalMs: number;
  readonly faults: ReplayFaults;
}


/** `until` is for tests; the command line waits for Ctrl-C or SIGTERM. */
export async function replayCommand(args: string[], out: Output, until: (server: ReplayServer) => Promise<unknown> = interrupted): Promise<number> {
  const { options, recordings, db, bodyFile } = parse(args);
  const faults: ReplayFaults = bodyFile === undefined ? options.faults : { ...options.faults, status: { code: options.faults.status!.code, body: new TextDecoder().decode(await readBytes(bodyFile)) } };
  const sources: ReplaySource[] = [];
  for (const spec of recordings) {
    const { recording, label } = await loadRecordingArg(spec, db);
    sources.push({ label, recording });
  }
  const paint = painter(out);

  let server: ReplayServer;
  try {
    server = await startReplayServer({ sources, host: options.host, port: options.port, speed: options.speed, precise: options.precise, untimedIntervalMs: options.untimedIntervalMs, faults, onRequest: (log) => out.stdout(requestLine(log, paint)) });
  } catch (error) {
    throw listenError(error, options.host, options.port);
  }

  const faultWords = describeFaults(faults);
  const lines = [`${paint('bold', 'Streamscope replay')} on ${paint('bold', server.baseUrl)}  (speed ${options.speed}${options.precise ? ', precise timing' : ''}, ${faultWords.length > 0 ? `faults: ${faultWords.join(', ')}` : 'no faults'})`];
  lines.push(...exposureWarning(options.host, paint));
  lines.push('', `${paint('bold', 'Recordings')} (a request gets the recording whose request had the same model and messages):`);
  const width = Math.max(...sources.map((source) => source.label.length)) + 2;
  for (const source of sources) lines.push(`  ${source.label.padEnd(width)}${describeSource(source, options.untimedIntervalMs)}`);
  lines.push('', paint('bold', 'Try it with the official openai SDK') + ' (npm install openai):', ...snippet(server.baseUrl, sources).map((line) => `  ${line}`), '', 'Ctrl-C to stop.', '');
  out.stdout(lines.join('\n'));

  return runUntilStopped(() => until(server), () => server.close(), out, 'Replay stopped.');
}

/** What a source answers, and how it is paced. */
function describeSource({ recording }: ReplaySource, interval: number): string {
  const { model, firstUserMessage } = summarizeRecording(recording);
  const answers = recording.request
    ? `model ${JSON.stringify(model ?? '(none)')}, ${firstUserMessage === null ? 'no user message' : JSON.stringify(abbreviate(firstUserMessage))}`
    : `any request${model ? ` (it streams ${JSON.stringify(model)})` : ''}`;
  const events = count(parseSse(recording.reads.map((read) => read.bytes)).events.length, 'event');
  const status = recording.response ? `HTTP ${recording.response.status}, ` : '';
  return `${answers}  [${status}${events}, ${isTimed(recording) ? 'timed' : `untimed: ${interval} ms apart`}]`;
}

/** A program that streams the first recording with the official SDK: its model and messages, so that it matches. */
function snippet(baseUrl: string, sources: readonly ReplaySource[]): string[] {
  const fallbackModel = sources[0] ? summarizeRecording(sources[0].recording).model : null;
  return replaySnippet('typescript', baseUrl, snippetRequest(sources.map((source) => source.recording.request?.body), fallbackModel));
}

function requestLine(log: ReplayRequestLog, paint: Paint): string {
  const clock = log.time.slice(11, 19);
  const status = log.status === null ? paint('red', 'no response') : log.status >= 400 ? paint('red', String(log.status)) : String(log.status);
  const answer = log.matched === null ? paint('red', 'no match') : log.matched;
  const outcome = log.outcome === 'complete' ? 'complete' : paint('yellow', log.outcome);
  const faults = log.faults.length > 0 ? paint('dim', `  [${log.faults.join('; ')}]`) : '';
  return `${paint('dim', clock)} ${log.method} ${log.path}${log.model ? ` ${log.model}` : ''} → ${answer} ${status}, ${count(log.bytes, 'byte')} in ${Math.round(log.ms).toLocaleString('en-US')} ms, ${outcome}${faults}\n`;
}

function parse(args: string[]): { options: ReplayOptions; recordings: string[]; db: string | undefined; bodyFile: string | undefined } {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      speed: { type: 'string' },
      precise: { type: 'boolean' },
      interval: { type: 'string' },
      db: { type: 'string' },
      'cut-after-event': { type: 'string' },
      'cut-after-byte': { type: 'string' },
      'stall-before-event': { type: 'string', multiple: true },
      'drop-done': { type: 'boolean' },
      'drop-finish': { type: 'boolean' },
      'drop-usage': { type: 'boolean' },
      'buffer-all': { type: 'boolean' },
      'corrupt-event': { type: 'string' },
      status: { type: 'string' },
      body: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new CliError('missing RECORDING (see --help)');

  /** A number option: undefined when absent, else checked by `valid` or a CliError that says what it takes. */
  const number = (name: keyof typeof values, valid: (value: number) => boolean, takes: string): number | undefined => {
    const text = values[name] as string | undefined;
    if (text === undefined) return undefined;
    const value = Number(text);
    if (text.trim() === '' || !valid(value)) throw new CliError(`--${name} takes ${takes}, not "${text}"`);
    return value;
  };
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0;
  const positive = (value: number) => Number.isFinite(value) && value >= 0;
  const eventNumber = 'an event number, 0 or more (the # column of "streamscope inspect")';

  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new CliError('--host takes an address, e.g. 127.0.0.1');
  const status = number('status', (value) => Number.isInteger(value) && value >= 200 && value <= 599, 'an HTTP status from 200 to 599');
  if (values.body !== undefined && status === undefined) throw new CliError('--body goes with --status CODE (the body of that answer)');

  const faults: ReplayFaults = {
    cutAfterEvent: number('cut-after-event', whole, eventNumber),
    cutAfterByte: number('cut-after-byte', whole, 'a number of bytes, 0 or more'),
    stalls: (values['stall-before-event'] ?? []).map(stall),
    dropDone: values['drop-done'],
    dropFinish: values['drop-finish'],
    dropUsage: values['drop-usage'],
    bufferAll: values['buffer-all'],
    corruptEvent: number('corrupt-event', whole, eventNumber),
    status: status === undefined ? undefined : { code: status },
  };
  return {
    options: {
      host,
      port: number('port', (value) => Number.isInteger(value) && value >= 0 && value <= 65535, 'a port number from 0 to 65535') ?? 0,
      speed: number('speed', positive, 'a number, 0 or more (1 the recorded pace, 0 no waits)') ?? 1,
      precise: values.precise ?? false,
      untimedIntervalMs: number('interval', positive, 'a number of milliseconds, 0 or more') ?? DEFAULT_UNTIMED_INTERVAL_MS,
      faults,
    },
    recordings: positionals,
    db: values.db,
    bodyFile: values.body,
  };
}

/** `N:MS`, e.g. `3:500`: 500 ms of silence before event 3. */
function stall(text: string): ReplayStall {
  const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const beforeEvent = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(beforeEvent)) throw new CliError(`--stall-before-event takes N:MS (an event number and milliseconds, e.g. 3:500), not "${text}"`);
  return { beforeEvent, ms: Number(match[2]) };
}
