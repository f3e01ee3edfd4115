// `streamscope record …`: one streamed request, recorded and analysed live.

import { createWriteStream, readFileSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { serializeEnd, serializeHeader, serializeRead, serializeResponse, toContract } from '../../../shared/index.ts';
import type { Analysis, Recording } from '../../../shared/index.ts';
import { headerValueProblem } from '../../../shared/recording/header-field.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { ANTHROPIC_VERSION, MESSAGES_DEFAULT_MAX_TOKENS } from '../../../shared/api/contract.ts';
import type { Protocol } from '../../../shared/index.ts';
import { endpointUrl, findProfile, keyAuthFor, keyHeader, PROFILES, protocolFor, withProtocolHeaders } from '../recorder/profiles.ts';
import type { Profile } from '../recorder/profiles.ts';
import { recordStream } from '../recorder/record.ts';
import { buildRequestBody } from '../../../shared/dialects/request.ts';
import { startSimulator } from '../simulator/index.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { apiKey, headersFrom } from './request-args.ts';
import { openStoreAt } from './open-store.ts';
import { CliError, describeFileError } from './errors.ts';
import type { Output } from './output.ts';
import { protocolOfWord, protocolWord } from './protocol-words.ts';
import { descriptorOf, PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { RECORDING_CAP_OPTIONS, recordingCapOf, recordingCapUsage } from './recording-cap-args.ts';
import { REDACT_HEADER_OPTIONS, redactHeadersOf, redactHeaderUsage } from './redact-header-args.ts';
import { EVENT_HEADER, formatEventRow, renderAnalysis } from './render.ts';

export const RECORD_USAGE = `Usage: streamscope record [options]

Makes one streamed request, prints every event as it arrives, then the
reassembled answer, usage, metrics and diagnostics, and stores the recording
(reads with their arrival times, events, analysis) in the database.

Where to send it:
  --profile NAME           ${PROFILES.map((profile) => profile.name).join(', ')}
                           ("simulator" starts the built-in simulator: no key needed)
  --base-url URL           Base URL up to /v1 (the API's path goes after its
                           path, before any ?query); alone, it needs no profile
                           and no key
  --api API                chat (POST …/chat/completions), responses (…/responses),
                           messages (Anthropic, …/messages), gemini
                           (…/models/M:streamGenerateContent?alt=sse, the model
                           in the path) or bedrock-converse (…/model/M/converse-stream,
                           AWS event-stream frames); default: the profile's (chat,
                           but ${profileApis()}), else chat
  --query K=V              Add a query parameter (Azure: api-version=2024-10-21)
What to send (written as for chat; mapped onto the API's own shape):
  --model M                Model (default: the profile's, or sim-text for the simulator)
  --message TEXT           One user message
  --messages FILE.json     A JSON array of messages (a first system message is
                           Responses' instructions; system messages are
                           Anthropic's and Bedrock's system and Gemini's
                           systemInstruction)
  --tools FILE.json        A JSON array of tools ({"type": "function", "function":
                           {…}}: flat for responses, {name, description,
                           input_schema} for messages, functionDeclarations
                           for gemini, toolConfig.tools[].toolSpec for
                           bedrock-converse)
  --max-tokens N           max_tokens (chat, messages), max_output_tokens
                           (responses), generationConfig.maxOutputTokens
                           (gemini) or inferenceConfig.maxTokens
                           (bedrock-converse); messages sends ${MESSAGES_DEFAULT_MAX_TOKENS} when not given
  --body JSON              Extra body fields, merged in last (e.g. '{"temperature":0}')
  --no-usage               Do not ask for stream_options.include_usage (chat only:
                           the other APIs always send usage)
  --header 'NAME: VALUE'   Extra header (repeatable; messages sends
                           anthropic-version: ${ANTHROPIC_VERSION} unless given)
Key (never echoed, stored redacted; sent as the profile sends it, else as
x-api-key for messages, x-goog-api-key for gemini, and Authorization: Bearer
for the others, a Bedrock API key among them):
  --api-key-env VAR        Read the key from this environment variable
  --api-key-file FILE      Read the key from a file
  --api-key KEY            The key itself (visible to other users in ps; prefer the two above)
${redactHeaderUsage(27)}
Timeouts:
  --first-byte-timeout MS  Default 60000
  --idle-timeout MS        Default 120000
Output:
  --db PATH                Database (default: $STREAMSCOPE_DB or ${defaultDbPath()})
  --no-store               Do not store the recording
  --out FILE.ssrec.jsonl   Also write the timed recording file
${recordingCapUsage(27)}
  --name TEXT              Name the recording
  --json                   Print the analysis contract instead of the report
  --quiet                  Do not print events as they arrive

Exit codes: 0 the stream completed, 1 the exchange failed (HTTP error, cut,
timeout, abort: said in one line), 2 bad arguments.`;

/** The profiles that do not default to the dialect a base URL of one's own gets (protocolFor: chat), with their API: `anthropic: messages`. */
function profileApis(): string {
  return PROFILES.filter((profile) => profile.protocols[0] !== protocolFor(undefined))
    .map((profile) => `${profile.name}: ${protocolWord(profile.protocols[0]!)}`)
    .join(', ');
}

/** The words of the dialects whose requests ask for the usage: `chat`. */
function usageAskingWords(): string {
  return PROTOCOLS.filter((protocol) => descriptorOf(protocol).usageRequest !== null)
    .map(protocolWord)
    .join(' or ');
}

export async function recordCommand(args: string[], out: Output): Promise<number> {
  const { values } = parse(args);
  const profile = values.profile === undefined ? undefined : findProfile(values.profile);
  if (values.profile !== undefined && !profile) throw new CliError(`unknown profile "${values.profile}" (one of ${PROFILES.map((p) => p.name).join(', ')})`);

  let simulator: Awaited<ReturnType<typeof startSimulator>> | undefined;
  let baseUrl = values['base-url'] ?? profile?.baseUrl ?? null;
  if (baseUrl === null && profile?.name === 'simulator') {
    simulator = await startSimulator({ port: 0 });
    baseUrl = simulator.url;
  }
  if (baseUrl === null) throw new CliError(profile?.note ? `profile ${profile.name}: ${profile.note}` : 'give --profile NAME or --base-url URL (see --help)');

  try {
    const protocol = protocolOf(values.api, profile);
    const model = values.model ?? profile?.defaultModel;
    if (!model) throw new CliError('give --model M');
    const url = endpoint(baseUrl, protocol, model, values.query ?? []);
    // A dialect whose request asks for the usage (its descriptor's usageRequest: Chat Completions') may leave it out.
    const asksForUsage = descriptorOf(protocol).usageRequest !== null;
    if (values['no-usage'] && !asksForUsage) throw new CliError(`--no-usage is for --api ${usageAskingWords()}: a ${protocolWord(protocol)} stream always carries its usage`);
    const built = buildRequestBody(protocol, {
      model,
      messages: messagesFrom(values.message, values.messages),
      ...(values.tools !== undefined ? { tools: toolsFrom(values.tools) } : {}),
      ...(values['max-tokens'] !== undefined ? { maxTokens: wholeNumber(values['max-tokens'], '--max-tokens') } : {}),
      ...(asksForUsage ? { includeUsage: !values['no-usage'] } : {}),
    });
    if (!built.ok) throw new CliError(built.problem);
    const body = built.body;
    if (values.body !== undefined) Object.assign(body, jsonObject(values.body, '--body'));

    const headers = withProtocolHeaders(protocol, headersFrom(values.header ?? []));
    const key = apiKey(values, profile);
    const keyProblem = key === null ? null : headerValueProblem(key);
    if (keyProblem !== null) throw new CliError(`the API key ${keyProblem} (it is sent in a header)`);
    if (key !== null) Object.assign(headers, keyHeader(keyAuthFor(profile, protocol), key));

    const maxRecordingBytes = recordingCapOf(values);
    const secretHeaders = redactHeadersOf(values);
    const store = values['no-store'] ? undefined : openStoreAt(values.db ?? defaultDbPath());
    const file = values.out === undefined ? undefined : createWriteStream(values.out);
    const abort = new AbortController();
    const onSigint = (): void => abort.abort();
    process.once('SIGINT', onSigint);

    const live = !values.quiet && !values.json;
    // The URL as it is stored: a password or a key in it is not the terminal's to show either.
    if (live) out.stdout(`POST ${redactUrl(url)}  model ${model}\n${EVENT_HEADER}\n`);
    let previousT: number | null = null;
    try {
      const result = await recordStream({
        url,
        headers,
        body,
        store,
        signal: abort.signal,
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(maxRecordingBytes === undefined ? {} : { maxRecordingBytes }),
        ...(secretHeaders.length > 0 ? { secretHeaders } : {}),
        timeouts: {
          ...(values['first-byte-timeout'] !== undefined ? { firstByteMs: positive(values['first-byte-timeout'], '--first-byte-timeout') } : {}),
          ...(values['idle-timeout'] !== undefined ? { idleMs: positive(values['idle-timeout'], '--idle-timeout') } : {}),
        },
        onEvent(event) {
          if (live) out.stdout(formatEventRow(event, previousT, out.color) + '\n');
          previousT = event.t;
        },
        ...(file
          ? {
              onStart: ({ startedAt, request }) => void file.write(serializeHeader(startedAt, request) + '\n'),
              onResponse: (res) => void file.write(serializeResponse(res.t ?? 0, res) + '\n'),
              onRead: (t, bytes) => void file.write(serializeRead(t, bytes) + '\n'),
            }
          : {}),
      });
      const end = result.recording.end!;
      if (file) await closeWith(file, serializeEnd(end.t ?? 0, end, result.recording.secretsMasked, undefined, result.recording.recorderLag) + '\n');

      const { recording, analysis } = result;
      if (values.json) out.stdout(JSON.stringify({ recording_id: result.id, ...toContract(analysis) }, null, 2) + '\n');
      else out.stdout('\n' + renderAnalysis(analysis, { file: `recording${result.id === null ? '' : ` #${result.id}`}`, color: out.color, timeline: false }));
      if (!result.analysedWholeBody) out.stderr('streamscope record: the body outgrew the in-memory analysis; the report covers its beginning (the database holds every byte)\n');
      if (end.truncated) out.stderr(`streamscope record: the body outgrew the recording's cap (--max-recording-bytes): the recording keeps its first ${end.truncated.atBytes.toLocaleString('en-US')} bytes, not the ${end.truncated.droppedBytes.toLocaleString('en-US')} after them\n`);
      if (result.id !== null && !values.json) out.stdout(`stored as recording ${result.id} in ${values.db ?? defaultDbPath()}\n`);

      const failure = failureOf(recording, analysis);
      if (failure) {
        out.stderr(`streamscope record: ${failure}\n`);
        return 1;
      }
      return 0;
    } finally {
      process.off('SIGINT', onSigint);
      store?.close();
    }
  } finally {
    await simulator?.close();
  }
}

/** Why the exchange failed, in one line; null when the stream completed. */
function failureOf(recording: Recording, analysis: Analysis): string | null {
  const { response, end } = recording;
  if (end && end.outcome !== 'eof') return `${end.outcome}${end.error ? `: ${end.error}` : ''}`;
  if (response && (response.status < 200 || response.status > 299)) return `HTTP ${response.status}`;
  return analysis.diagnostics.find((diagnostic) => diagnostic.code === 'not-event-stream')?.message ?? null;
}

function parse(args: string[]) {
  return parseCommandArgs({
    args,
    options: {
      profile: { type: 'string' },
      'base-url': { type: 'string' },
      query: { type: 'string', multiple: true },
      model: { type: 'string' },
      message: { type: 'string' },
      messages: { type: 'string' },
      tools: { type: 'string' },
      api: { type: 'string' },
      'max-tokens': { type: 'string' },
      body: { type: 'string' },
      'no-usage': { type: 'boolean' },
      header: { type: 'string', multiple: true },
      'api-key-env': { type: 'string' },
      'api-key-file': { type: 'string' },
      'api-key': { type: 'string' },
      'first-byte-timeout': { type: 'string' },
      'idle-timeout': { type: 'string' },
      db: { type: 'string' },
      'no-store': { type: 'boolean' },
      out: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean' },
      ...RECORDING_CAP_OPTIONS,
      ...REDACT_HEADER_OPTIONS,
    },
  });
}

/** The API asked for (`--api`), which the profile must serve; else the profile's default, else chat. */
function protocolOf(word: string | undefined, profile: Profile | undefined): Protocol {
  const asked = word === undefined ? undefined : protocolOfWord(word);
  if (word !== undefined && asked === undefined) throw new CliError(`--api takes ${PROTOCOLS.map((each) => `"${protocolWord(each)}"`).join(', ')}, not "${word}"`);
  const protocol = protocolFor(profile, asked);
  if (protocol === null) throw new CliError(`profile ${profile!.name} serves --api ${profile!.protocols.map(protocolWord).join(' and ')} only, not ${word}`);
  return protocol;
}

function endpoint(baseUrl: string, protocol: Protocol, model: string, query: readonly string[]): string {
  const url = endpointUrl(baseUrl, protocol, model);
  if (url === null) throw new CliError(`--base-url is not a URL: ${redactUrl(baseUrl)}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--base-url must be http or https, not ${url.protocol}`);
  for (const pair of query) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError('--query takes K=V: one has no name before its "=" (not echoed: it may hold a key)');
    url.searchParams.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return url.toString();
}

function messagesFrom(message: string | undefined, file: string | undefined): unknown[] {
  if (message !== undefined && file !== undefined) throw new CliError('give --message or --messages, not both');
  if (file !== undefined) {
    const messages = jsonFile(file, 'messages');
    if (!Array.isArray(messages) || messages.length === 0) throw new CliError(`${file}: expected a non-empty JSON array of messages`);
    return messages;
  }
  return [{ role: 'user', content: message ?? 'Say hello in five words.' }];
}

function toolsFrom(file: string): unknown[] {
  const tools = jsonFile(file, 'tools');
  if (!Array.isArray(tools)) throw new CliError(`${file}: expected a JSON array of tools`);
  return tools;
}

function jsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${what} file ${path}: ${describeFileError(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: not JSON (${(error as Error).message})`);
  }
}

function jsonObject(text: string, flag: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${flag} is not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliError(`${flag} must be a JSON object`);
  return value as Record<string, unknown>;
}

function wholeNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new CliError(`${flag} takes a whole number of at least 1, not "${text}"`);
  return value;
}

function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`${flag} takes a positive number of milliseconds, not "${text}"`);
  return value;
}

function closeWith(file: WriteStream, last: string): Promise<void> {
  return new Promise((resolve, reject) => {
    file.end(last, () => resolve());
    file.once('error', reject);
  });
}
