// `streamscope simulate [--port N] [--host H] [--time-scale X] [--seed N]`

import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { DEFAULT_SEED, MODEL_PREFIX, SIM_OVERRIDES, descriptionIn, scenariosOf, showsIn, startSimulator } from '../simulator/index.ts';
import type { Simulator, SimulatorRequestLog } from '../simulator/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import { exposureWarning, interrupted, listenError, painter, runUntilStopped } from './serving.ts';
import type { Paint } from './serving.ts';
import type { Output } from './output.ts';

export const SIMULATE_USAGE = `Usage: streamscope simulate [options]

Starts the built-in simulator: an OpenAI-compatible endpoint
(POST /v1/chat/completions, GET /v1/models) that streams scripted scenarios,
clean and faulty, with realistic timing. It also speaks the Responses API
(POST /v1/responses) and Anthropic Messages (POST /v1/messages) with the same
scenarios (docs/simulator.md). The model name picks the scenario:
sim-text, sim-refusal, sim-connection-drop, … (all listed when it starts).
Runs until Ctrl-C.

Options:
  --port N             Port (default 0: a free one)
  --host H             Address to bind (default 127.0.0.1)
  --time-scale X       1 realistic (default), 0.01 a hundred times faster,
                       0 no waits at all
  --seed N             Seed of ids, padding, words and jitter (default ${DEFAULT_SEED}):
                       the same seed gives the same bytes
  -h, --help           Show this help

Each request may also set n, max_tokens, seed, stream_options.include_usage,
stream_options.include_obfuscation, and "sim": {…} to shape the stream:
${Object.entries(SIM_OVERRIDES)
  .map(([key, rule]) => `  ${key.padEnd(19)}${rule.doc}`)
  .join('\n')}`;

/** The dialects listed together after Chat Completions' own list, in this order. */
const EVENT_DIALECTS: readonly [Protocol, ...Protocol[]] = ['responses', 'anthropic-messages'];

/** `until` is for tests; the command line waits for Ctrl-C. */
export async function simulateCommand(args: string[], out: Output, until: (simulator: Simulator) => Promise<unknown> = interrupted): Promise<number> {
  const options = parse(args);
  const paint = painter(out);

  let simulator: Simulator;
  try {
    simulator = await startSimulator({ ...options, onRequest: (info) => out.stdout(requestLine(info, paint)) });
  } catch (error) {
    throw listenError(error, options.host, options.port);
  }

  const url = simulator.url;
  const chat = scenariosOf('chat-completions');
  const width = Math.max(...chat.map((scenario) => scenario.name.length)) + MODEL_PREFIX.length + 2;
  const lines = [
    `${paint('bold', 'Streamscope simulator')} on ${paint('bold', url)}  (time scale ${options.timeScale}, seed ${options.seed})`,
  ];
  lines.push(...exposureWarning(options.host, paint));
  lines.push('', paint('bold', 'Scenarios') + ' (model name, what it does, the diagnostics it shows):');
  for (const scenario of chat) {
    const shown = showsIn(scenario, 'chat-completions');
    const shows = shown.length > 0 ? paint('dim', `  [${shown.join(', ')}]`) : '';
    lines.push(`  ${(MODEL_PREFIX + scenario.name).padEnd(width)}${descriptionIn(scenario, 'chat-completions')}${shows}`);
  }
  lines.push('', `${paint('bold', 'Responses API and Anthropic Messages')} (POST ${url}/responses, POST ${url}/messages; the same model names):`);
  for (const scenario of scenariosOf(...EVENT_DIALECTS)) {
    // Each dialect by the word a user types for it (`record --api messages`); described in the first one's words.
    const dialects = EVENT_DIALECTS.filter((protocol) => scenario.dialects.includes(protocol));
    lines.push(`  ${(MODEL_PREFIX + scenario.name).padEnd(width)}${paint('dim', `[${dialects.map((protocol) => descriptorOf(protocol).word).join(', ')}]`)} ${descriptionIn(scenario, dialects[0]!)}`);
  }
  lines.push(`  Anthropic's SDKs take ${url.replace(/\/v1$/, '')} as their base URL (they add /v1/messages themselves).`);
  const example = JSON.stringify({ model: 'sim-text', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hello' }] });
  lines.push(
    '',
    'Per request: n, max_tokens, seed, stream_options.include_usage and .include_obfuscation,',
    `and "sim": {${Object.keys(SIM_OVERRIDES).join(', ')}} (see --help).`,
    '',
    paint('bold', 'Try:'),
    `  npx streamscope record --base-url ${url} --model sim-text`,
    `  curl -N ${url}/chat/completions -H 'content-type: application/json' -d '${example}'`,
    '',
    'Ctrl-C to stop.',
    '',
  );
  out.stdout(lines.join('\n'));

  return runUntilStopped(() => until(simulator), () => simulator.close(), out, 'Simulator stopped.');
}

function requestLine(info: SimulatorRequestLog, paint: Paint): string {
  const status = info.status >= 400 ? paint('red', String(info.status)) : String(info.status);
  const what = [info.model, info.stream ? 'stream' : null].filter(Boolean).join(' ');
  const how = info.finished ? '' : paint('yellow', ', cut off');
  return `${paint('dim', info.requestId)} ${info.method} ${info.path} ${what ? `${what} ` : ''}→ ${status} in ${Math.round(info.ms).toLocaleString('en-US')} ms${how}\n`;
}

interface SimulateOptions {
  readonly host: string;
  readonly port: number;
  readonly timeScale: number;
  readonly seed: number;
}

function parse(args: string[]): SimulateOptions {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'time-scale': { type: 'string' },
      seed: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}" (see --help)`);

  const text = (name: keyof typeof values): string | undefined => values[name];
  const port = text('port') === undefined ? 0 : Number(text('port'));
  if (!(Number.isInteger(port) && port >= 0 && port <= 65535) || text('port')?.trim() === '') throw new CliError(`--port takes a port number from 0 to 65535, not "${text('port')}"`);
  const timeScale = text('time-scale') === undefined ? 1 : Number(text('time-scale'));
  if (!(Number.isFinite(timeScale) && timeScale >= 0) || text('time-scale')?.trim() === '') throw new CliError(`--time-scale takes a number, 0 or more, not "${text('time-scale')}"`);
  const seed = text('seed') === undefined ? DEFAULT_SEED : Number(text('seed'));
  if (!Number.isSafeInteger(seed) || text('seed')?.trim() === '') throw new CliError(`--seed takes an integer, not "${text('seed')}"`);
  const host = text('host') ?? '127.0.0.1';
  if (host.trim() === '') throw new CliError('--host takes an address, e.g. 127.0.0.1');
  return { host, port, timeScale, seed };
}
