// `streamscope proxy --upstream URL … [--profile NAME …] [--port N] [--db PATH] [--tag TAG] [--cassettes DIR --mode M] [--keep-encoding] [--allow-origin O] [--redact-header NAME] [--keep-high-entropy-headers]`

import { resolve } from 'node:path';
import { captureSnippets, isAnthropicUpstream } from '../../../shared/capture/snippets.ts';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { checkFaults, describeFaults } from '../../../shared/replay/faults.ts';
import { CaptureLaunchError, launchCaptureProxy } from '../proxy/launch.ts';
import type { LaunchedCaptureProxy } from '../proxy/launch.ts';
import type { CaptureProxy, CassetteMode } from '../proxy/index.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import { FAULT_OPTIONS, FAULTS_USAGE, faultsFrom, numberOption } from './fault-args.ts';
import type { Output } from './output.ts';
import { readBytes } from './recording-arg.ts';
import { RECORDING_CAP_OPTIONS, recordingCapOf, recordingCapUsage } from './recording-cap-args.ts';
import { REDACT_HEADER_OPTIONS, redactHeadersOf, redactHeaderUsage } from './redact-header-args.ts';
import { count } from './render.ts';
import { interrupted, listenError, painter } from './serving.ts';
import type { Paint } from './serving.ts';

export const PROXY_USAGE = `Usage: streamscope proxy --upstream URL [--upstream URL ...] [--profile NAME ...] [options]

Records your own app's streams: point the app's base URL at this loopback proxy
and it forwards every request to the real upstream, relays the answer read by
read as it arrives (never buffering, bytes unchanged), and stores every exchange
that streams as a recording, live, with its reads' arrival times and the delay
the capture added. Keys pass through in memory and are stored redacted. Runs
until Ctrl-C, printing one line per exchange. docs/capture.md has the details.

With one --upstream https://host/base, the base URL to use is
http://127.0.0.1:PORT/base (a request for /X goes to https://host/X, path and
query kept). With several, or with --profile, each gets a prefix:
/openai/v1 -> https://api.openai.com/v1.

Options:
  --upstream [NAME=]URL      An upstream base URL (repeatable); NAME sets its
                             prefix (default: from the host, e.g. "openai")
  --profile NAME             A built-in profile's upstream (repeatable), under
                             /NAME; "simulator" starts the built-in simulator
  --port N                   Port (default 0: a free one); 127.0.0.1 only
  --db PATH                  Database (default: $STREAMSCOPE_DB or
                             ${defaultDbPath()})
  --tag TAG                  Tag every captured recording (repeatable)
  --keep-encoding            Pass the client's Accept-Encoding to the upstream
                             (default: ask for identity, and say so)
  --allow-origin ORIGIN      Let web pages of this origin use the proxy
                             (repeatable; others get 403)
${recordingCapUsage(29)}
${redactHeaderUsage(29)}
  --keep-high-entropy-headers
                             Keep random-looking values of headers not secret
                             by name in cassettes (default: redacted, in case
                             they are keys; a header named a secret always is)
  --cassettes DIR            Also write each exchange as a .ssrec.jsonl
                             cassette in DIR, or answer from DIR (--mode)
  --mode record|replay|auto  record: forward and write cassettes; replay: answer
                             only from DIR, no network (a miss is a 404 error);
                             auto: answer what matches, forward and record the
                             rest
  --speed X                  Pace of what cassettes answer: 1 as recorded
                             (default), 0 no waits
  -h, --help                 Show this help

${FAULTS_USAGE.replace('Faults (', 'Faults applied to what cassettes answer (')}`;

interface ProxyArgs {
  readonly upstreams: { url: string; name?: string }[];
  readonly profiles: string[];
  readonly port: number;
  readonly db: string;
  readonly tags: string[];
  readonly keepEncoding: boolean;
  readonly allowOrigins: string[];
  readonly cassettes?: { dir: string; mode: CassetteMode; speed: number };
  readonly bodyFile: string | undefined;
  readonly faults: ReturnType<typeof faultsFrom>['faults'];
  readonly maxRecordingBytes: number | undefined;
  readonly secretHeaders: string[];
  readonly keepHighEntropyHeaders: boolean;
}

/** `until` is for tests; the command line waits for Ctrl-C or SIGTERM. */
export async function proxyCommand(args: string[], out: Output, until: (proxy: CaptureProxy) => Promise<unknown> = interrupted): Promise<number> {
  const parsed = parse(args);
  const paint = painter(out);
  const faults = parsed.bodyFile === undefined ? parsed.faults : { ...parsed.faults, status: { code: parsed.faults.status!.code, body: new TextDecoder().decode(await readBytes(parsed.bodyFile)) } };
  let launched: LaunchedCaptureProxy;
  try {
    launched = await launchCaptureProxy({
      upstreams: parsed.upstreams,
      profiles: parsed.profiles,
      db: parsed.db,
      port: parsed.port,
      tags: parsed.tags,
      keepEncoding: parsed.keepEncoding,
      allowOrigins: parsed.allowOrigins,
      secretHeaders: parsed.secretHeaders,
      keepHighEntropyHeaders: parsed.keepHighEntropyHeaders,
      ...(parsed.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: parsed.maxRecordingBytes }),
      ...(parsed.cassettes ? { cassettes: { ...parsed.cassettes, faults } } : {}),
      onExchangeEnd: (exchange) => out.stdout(exchangeLine(exchange, paint)),
    });
  } catch (error) {
    if (error instanceof CaptureLaunchError) throw new CliError(error.message);
    throw listenError(error, '127.0.0.1', parsed.port);
  }
  const { proxy } = launched;

  const lines = [`${paint('bold', 'Streamscope capture proxy')} on ${paint('bold', proxy.origin)}  (session ${JSON.stringify(proxy.session)}, recordings into ${parsed.db})`];
  if (parsed.cassettes) {
    const words = describeFaults(faults);
    lines.push(`Cassettes: ${parsed.cassettes.dir} (${parsed.cassettes.mode}${parsed.cassettes.mode === 'record' ? '' : `, ${count(proxy.cassetteCount, 'cassette')} loaded, speed ${parsed.cassettes.speed}${words.length > 0 ? `, faults: ${words.join(', ')}` : ''}`})`);
  }
  lines.push(parsed.keepEncoding ? 'Accept-Encoding is passed on (--keep-encoding): recordings keep a decoded copy.' : 'The upstream is asked for Accept-Encoding: identity (--keep-encoding passes the client\'s on).');
  for (const { route, baseUrl } of proxy.bases) {
    lines.push('', `${paint('bold', baseUrl)}  →  ${route.upstream}`);
    for (const snippet of captureSnippets(baseUrl, isAnthropicUpstream(route.upstream), route.upstream)) {
      lines.push(`  ${paint('dim', snippet.client.padEnd(22))}${snippet.text}`);
      if (snippet.note) lines.push(`  ${' '.repeat(22)}${paint('dim', `(${snippet.note})`)}`);
    }
  }
  lines.push('', 'Ctrl-C to stop.', '');
  out.stdout(lines.join('\n'));

  try {
    await until(proxy);
  } finally {
    await launched.close();
  }
  const recordings = proxy.exchanges.filter((exchange) => exchange.recording !== null).length;
  out.stdout(`Capture stopped: ${count(proxy.exchanges.length, 'exchange')}, ${count(recordings, 'recording')} stored.\n`);
  return 0;
}

/** One line per exchange, once it has ended. */
export function exchangeLine(exchange: CaptureExchange, paint: Paint): string {
  const clock = exchange.time.slice(11, 19);
  const status = exchange.status === null ? paint('red', 'no response') : exchange.status >= 400 ? paint('red', String(exchange.status)) : String(exchange.status);
  const head = `${paint('dim', clock)} ${exchange.method} ${exchange.path}${exchange.model ? ` ${exchange.model}` : ''} → ${status}`;
  const ms = `${Math.round(exchange.durationMs ?? 0).toLocaleString('en-US')} ms`;
  if (exchange.servedBy === 'refused') return `${head} ${paint('red', `refused: ${exchange.error ?? ''}`)}\n`;
  const from = exchange.servedBy === 'cassette' ? `cassette ${exchange.cassette}, ` : exchange.cassette ? `→ cassette ${exchange.cassette}, ` : '';
  if (!exchange.stream) return `${head}, ${from}${count(exchange.bytes, 'byte')} in ${ms}\n`;
  const outcome = exchange.outcome === 'eof' ? '' : `, ${paint('yellow', exchange.outcome ?? 'open')}${exchange.error ? ` (${exchange.error})` : ''}`;
  const stored = exchange.recording !== null ? `recording #${exchange.recording}, ` : '';
  const ttft = exchange.ttftMs !== null ? `first token ${Math.round(exchange.ttftMs).toLocaleString('en-US')} ms, ` : '';
  const codes = exchange.findings.codes.length > 0 ? paint(exchange.findings.errors > 0 ? 'red' : 'yellow', `  [${exchange.findings.codes.join(', ')}]`) : '';
  return `${head} ${from}${stored}${count(exchange.events, 'event')}, ${ttft}${ms}${outcome}${codes}\n`;
}

function parse(args: string[]): ProxyArgs {
  const { values } = parseCommandArgs({
    args,
    options: {
      upstream: { type: 'string', multiple: true },
      profile: { type: 'string', multiple: true },
      port: { type: 'string' },
      db: { type: 'string' },
      tag: { type: 'string', multiple: true },
      'keep-encoding': { type: 'boolean' },
      'allow-origin': { type: 'string', multiple: true },
      'keep-high-entropy-headers': { type: 'boolean' },
      cassettes: { type: 'string' },
      mode: { type: 'string' },
      speed: { type: 'string' },
      ...RECORDING_CAP_OPTIONS,
      ...REDACT_HEADER_OPTIONS,
      ...FAULT_OPTIONS,
    },
  });
  const upstreams = (values.upstream ?? []).map((text) => {
    const named = /^([A-Za-z0-9][A-Za-z0-9._-]*)=(https?:\/\/.*)$/i.exec(text);
    return named ? { name: named[1]!, url: named[2]! } : { url: text };
  });
  const profiles = values.profile ?? [];
  if (upstreams.length === 0 && profiles.length === 0) throw new CliError('give --upstream URL or --profile NAME (see --help)');
  const mode = values.mode;
  if (values.cassettes !== undefined && mode === undefined) throw new CliError('--cassettes DIR takes --mode record, replay or auto');
  if (mode !== undefined && values.cassettes === undefined) throw new CliError('--mode goes with --cassettes DIR');
  if (mode !== undefined && mode !== 'record' && mode !== 'replay' && mode !== 'auto') throw new CliError(`--mode takes record, replay or auto, not "${mode}"`);
  const { faults, bodyFile } = faultsFrom(values);
  try {
    checkFaults(faults);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const speed = numberOption(values, 'speed', (value) => Number.isFinite(value) && value >= 0, 'a number, 0 or more (1 the recorded pace, 0 no waits)') ?? 1;
  const replays = mode === 'replay' || mode === 'auto';
  if (!replays && (values.speed !== undefined || describeFaults(faults).length > 0)) throw new CliError('--speed and the faults apply to what cassettes answer: give --cassettes DIR --mode replay or auto');
  return {
    upstreams,
    profiles,
    port: numberOption(values, 'port', (value) => Number.isInteger(value) && value >= 0 && value <= 65535, 'a port number from 0 to 65535') ?? 0,
    db: values.db ?? defaultDbPath(),
    tags: values.tag ?? [],
    keepEncoding: values['keep-encoding'] ?? false,
    allowOrigins: values['allow-origin'] ?? [],
    ...(values.cassettes !== undefined ? { cassettes: { dir: resolve(values.cassettes), mode: mode as CassetteMode, speed } } : {}),
    bodyFile,
    faults,
    maxRecordingBytes: recordingCapOf(values),
    secretHeaders: redactHeadersOf(values),
    keepHighEntropyHeaders: values['keep-high-entropy-headers'] ?? false,
  };
}
