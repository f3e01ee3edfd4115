// `streamscope replay RECORDING… [--port N] [--host H] [--speed X] [--precise] [--interval MS] [faults] [--db PATH]`

import { parseSse } from '../../../shared/framing/sse/parser.ts';
import { isTimed } from '../../../shared/recording/types.ts';
import { replayProtocol } from '../../../shared/replay/dialect.ts';
import { DEFAULT_PROTOCOL, descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/replay/dialect.ts';
import type { ReplayFaults } from '../../../shared/replay/faults.ts';
import { describeFaults } from '../../../shared/replay/faults.ts';
import { abbreviate, summarizeRecording } from '../../../shared/replay/match.ts';
import { DEFAULT_UNTIMED_INTERVAL_MS } from '../../../shared/replay/plan.ts';
import { replaySnippet, snippetRequest } from '../../../shared/replay/snippet.ts';
import { startReplayServer } from '../replay/index.ts';
import type { ReplayRequestLog, ReplayServer, ReplaySource } from '../replay/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import { FAULT_OPTIONS, FAULTS_USAGE, faultsFrom, numberOption } from './fault-args.ts';
import type { Output } from './output.ts';
import { loadRecordingArg, readBytes } from './recording-arg.ts';
import { count } from './render.ts';
import { exposureWarning, interrupted, listenError, painter, runUntilStopped } from './serving.ts';
import type { Paint } from './serving.ts';

export const REPLAY_USAGE = `Usage: streamscope replay RECORDING... [options]

Serves recordings on loopback as an OpenAI- and Anthropic-compatible endpoint:
each recording answers its own dialect's path (POST /v1/chat/completions,
/v1/responses or /v1/messages, under any prefix) with the recorded status,
headers and body bytes, in the recorded reads, at the recorded times.
RECORDING is a stored recording (its number, as "streamscope list" shows it),
a timed recording (.ssrec.jsonl) or a plain SSE body (.sse, which has no
timing: its events are paced evenly). With several, a request gets the
recording of its dialect whose request had the same model and messages (model,
input and instructions for Responses; model, messages and system for Anthropic
Messages); one without a request (a .sse) answers any other request of its
dialect. Runs until Ctrl-C, printing one line per request.

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

${FAULTS_USAGE}

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
  const protocols: Protocol[] = [];
  for (const spec of recordings) {
    const { recording, label } = await loadRecordingArg(spec, db);
    sources.push({ label, recording });
    protocols.push(replayProtocol(recording));
  }
  const paint = painter(out);

  let server: ReplayServer;
  try {
    server = await startReplayServer({ sources, host: options.host, port: options.port, speed: options.speed, precise: options.precise, untimedIntervalMs: options.untimedIntervalMs, faults, onRequest: (log) => out.stdout(requestLine(log, paint)) });
  } catch (error) {
    throw listenError(error, options.host, options.port);
  }

  const faultWords = describeFaults(faults, protocols);
  const lines = [`${paint('bold', 'Streamscope replay')} on ${paint('bold', server.baseUrl)}  (speed ${options.speed}${options.precise ? ', precise timing' : ''}, ${faultWords.length > 0 ? `faults: ${faultWords.join(', ')}` : 'no faults'})`];
  lines.push(...exposureWarning(options.host, paint));
  lines.push('', `${paint('bold', 'Recordings')} (${matchingWords(protocols)}):`);
  const width = Math.max(...sources.map((source) => source.label.length)) + 2;
  sources.forEach((source, i) => lines.push(`  ${source.label.padEnd(width)}${describeSource(source, protocols[i]!, options.untimedIntervalMs)}`));
  // A program for the first recording with a request, in its dialect: the members it is matched on, so that it matches.
  const request = snippetRequest(sources.map((source, i) => ({ body: source.recording.request?.body, protocol: protocols[i]! })), sources[0] ? summarizeRecording(sources[0].recording).model : null);
  const { sdk } = descriptorOf(request.protocol);
  lines.push('', paint('bold', `Try it with ${sdk.name}`) + ` (npm install ${sdk.npm}):`, ...replaySnippet('typescript', server.baseUrl, request).map((line) => `  ${line}`), '', 'Ctrl-C to stop.', '');
  out.stdout(lines.join('\n'));

  return runUntilStopped(() => until(server), () => server.close(), out, 'Replay stopped.');
}

/** How a request finds its recording, in the words of the dialects loaded. */
function matchingWords(protocols: readonly Protocol[]): string {
  const loaded = [...new Set(protocols)];
  const members = (protocol: Protocol): string => {
    const list = descriptorOf(protocol).matchedOn;
    return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  };
  if (loaded.length <= 1) return `a request gets the recording whose request had the same ${members(loaded[0] ?? DEFAULT_PROTOCOL)}`;
  return `a request gets the recording of its path's dialect whose request had the same ${loaded.map((protocol) => `${members(protocol)} (${descriptorOf(protocol).shortName})`).join('; ')}`;
}

/** What a source answers (its dialect's path, when another dialect is loaded too), and how it is paced. */
function describeSource({ recording }: ReplaySource, protocol: Protocol, interval: number): string {
  const { model, firstUserMessage } = summarizeRecording(recording);
  const answers = recording.request
    ? `model ${JSON.stringify(model ?? '(none)')}, ${firstUserMessage === null ? 'no user message' : JSON.stringify(abbreviate(firstUserMessage))}`
    : `any request${model ? ` (it streams ${JSON.stringify(model)})` : ''}`;
  // The first registered dialect's recordings (Chat Completions', the dialect a recording that tells
  // none is replayed in) are listed as they were before the others came: without their path.
  const path = protocol === DEFAULT_PROTOCOL ? '' : `POST …${descriptorOf(protocol).path.slice('/v1'.length)}: `;
  const events = count(parseSse(recording.reads.map((read) => read.bytes)).events.length, 'event');
  const status = recording.response ? `HTTP ${recording.response.status}, ` : '';
  return `${path}${answers}  [${status}${events}, ${isTimed(recording) ? 'timed' : `untimed: ${interval} ms apart`}]`;
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
      ...FAULT_OPTIONS,
    },
  });
  if (positionals.length === 0) throw new CliError('missing RECORDING (see --help)');
  const positive = (value: number) => Number.isFinite(value) && value >= 0;
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new CliError('--host takes an address, e.g. 127.0.0.1');
  const { faults, bodyFile } = faultsFrom(values);
  return {
    options: {
      host,
      port: numberOption(values, 'port', (value) => Number.isInteger(value) && value >= 0 && value <= 65535, 'a port number from 0 to 65535') ?? 0,
      speed: numberOption(values, 'speed', positive, 'a number, 0 or more (1 the recorded pace, 0 no waits)') ?? 1,
      precise: values.precise ?? false,
      untimedIntervalMs: numberOption(values, 'interval', positive, 'a number of milliseconds, 0 or more') ?? DEFAULT_UNTIMED_INTERVAL_MS,
      faults,
    },
    recordings: positionals,
    db: values.db,
    bodyFile,
  };
}
