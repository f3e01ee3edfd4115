// `--format curl`: a bash command that repeats the request — method, URL, headers and JSON body —
// with `-N` so the stream prints as it comes. A secret never appears: a secret header or URL
// parameter becomes an environment variable (`"Authorization: Bearer $OPENAI_API_KEY"`), named
// after the host (api.groq.com → GROQ_API_KEY). Everything taken from the recording is quoted
// for the shell (single quotes, in which bash expands nothing). A body in a binary framing
// (Bedrock's event-stream frames) goes to a file, which `streamscope inspect` reads.

import { framingOfRecording } from '../analysis/fold.ts';
import { framingOf } from '../framing/registry.ts';
import { header } from '../recording/types.ts';
import type { Recording } from '../recording/types.ts';
import { isSecretHeader } from '../recording/secrets/names.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import { REDACTED } from '../recording/secrets/remainder.ts';
import type { Exporter } from './types.ts';

/** Where a binary body goes: curl prints no binary output to a terminal. */
const BINARY_OUTPUT = 'response.bin';

/** Headers curl sets itself, or that would change what comes back. */
const LEFT_OUT = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'accept-encoding', 'keep-alive', 'te', 'upgrade']);
const AUTH_SCHEME = /^([A-Za-z][A-Za-z0-9-]*) /;

export const curlExporter: Exporter = {
  format: 'curl',
  description: 'A curl command that repeats the request (the key read from an environment variable)',
  extension: '.sh',
  mediaType: 'application/x-sh',
  export: (recording, options) => curlCommand(recording, options?.name ?? null),
};

export function curlCommand(input: Recording, name: string | null = null): string {
  const { request } = redactRecording(input);
  if (!request) throw new Error('this recording has no request (a plain SSE body): there is nothing for curl to repeat');
  const keyEnv = keyVariable(request.url);
  const args: string[] = ['curl', '-N'];
  const body = request.body === null || request.body === undefined ? null : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  if (!(request.method === 'POST' && body !== null) && !(request.method === 'GET' && body === null)) args.push('-X', shellQuote(request.method));
  if (header(request.headers, 'accept-encoding')) args.push('--compressed');
  args.push(urlArgument(request.url, keyEnv));
  for (const [field, value] of Object.entries(request.headers)) {
    if (LEFT_OUT.has(field.toLowerCase())) continue;
    // A value holding "…" was redacted (by a --redact-header name, or as a random-looking one in a cassette): read from a variable too.
    args.push('-H', isSecretHeader(field) || value.includes(REDACTED) ? secretHeader(field, value, keyEnv) : shellQuote(`${field}: ${value}`));
  }
  if (body !== null) args.push('--data-raw', shellQuote(body));
  const framing = framingOf(framingOfRecording(input));
  const binary = framing.binary === true;
  if (binary) args.push('--output', BINARY_OUTPUT);

  const title = withoutControls(name ?? 'a recorded request');
  const needs = commandVariables(args);
  const lines = [`# ${title}: repeats the request as Streamscope recorded it.`];
  if (needs.length > 0) lines.push(`# Set ${needs.join(', ')} first; no secret is written here.`);
  if (binary) lines.push(`# The answer is binary (${framing.mediaType} frames): it goes to ${BINARY_OUTPUT}; read it with \`streamscope inspect ${BINARY_OUTPUT}\`.`);
  const [command, ...rest] = groupArgs(args);
  lines.push([command, ...rest.map((part) => `  ${part}`)].join(' \\\n'));
  return lines.join('\n') + '\n';
}

/** The environment variable for a host's key: OPENAI_API_KEY for api.openai.com, GROQ_API_KEY for api.groq.com … */
export function keyVariable(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/@?#]*@)?([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (host.endsWith('.openai.azure.com')) return 'AZURE_OPENAI_API_KEY';
  // The variable AWS's SDKs read a Bedrock API key from (the bedrock profile's too).
  if (/^bedrock-runtime(-fips)?\.[a-z0-9-]+\.amazonaws\.com$/.test(host)) return 'AWS_BEARER_TOKEN_BEDROCK';
  if (host === 'api.x.ai') return 'XAI_API_KEY';
  const labels = host.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(host) || host === 'localhost') return 'API_KEY';
  const name = labels[labels.length - 2]!.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `${name}_API_KEY`;
}

/**
 * A secret header as a double-quoted argument naming the variable. The recorded value is dropped
 * whole (it is redacted already); only an auth scheme made of letters is kept.
 */
function secretHeader(field: string, value: string, keyEnv: string): string {
  const lower = field.toLowerCase();
  const variable = lower === 'authorization' || lower === 'api-key' || lower === 'x-api-key' ? keyEnv : field.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const scheme = AUTH_SCHEME.exec(value)?.[1];
  const literal = `${field}: ${scheme ? `${scheme} ` : ''}`;
  // Double quotes expand $, `, \ and (interactively) !: the literal part is quoted apart unless it holds none of them.
  return /^[A-Za-z0-9 _:./-]*$/.test(literal) ? `"${literal}$${variable}"` : `${shellQuote(literal)}"$${variable}"`;
}

/** The URL quoted; a redacted query parameter is read from the key's variable instead. */
function urlArgument(url: string, keyEnv: string): string {
  // A URL that does not start with a scheme could read as an option: --url says it is one.
  if (!/^https?:\/\//i.test(url)) return `--url ${shellQuote(url)}`;
  if (!url.includes(REDACTED)) return shellQuote(url);
  let out = '';
  let literal = '';
  url.split(/(?<=[?&][^=&#]*=)([^&#]*)/).forEach((part, i) => {
    if (i % 2 === 1 && part.includes(REDACTED)) {
      out += (literal === '' ? '' : singleQuote(literal)) + `"$${keyEnv}"`;
      literal = '';
    } else literal += part;
  });
  return out + (literal === '' ? '' : singleQuote(literal));
}

/** Quotes a word for bash: as is when it holds only safe characters, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_/.:=@%+,-]+$/.test(text) ? text : singleQuote(text);
}

/** Single quotes, in which bash expands nothing; a quote inside is closed, escaped and reopened. */
function singleQuote(text: string): string {
  // NUL cannot be part of an argument at all; everything else is literal inside single quotes.
  return `'${text.replaceAll(String.fromCharCode(0), '').replace(/'/g, `'\\''`)}'`;
}

/** A name for a comment line: a line break in it would end the comment and start a command. */
function withoutControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? ' ' : char;
  }
  return out;
}

function commandVariables(args: readonly string[]): string[] {
  const names = new Set<string>();
  for (const arg of args) for (const match of arg.matchAll(/"[^"]*\$([A-Z_][A-Z0-9_]*)"/g)) names.add(match[1]!);
  return [...names];
}

/** One option and its value a line. */
function groupArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (i === 0) out.push(`${arg} ${args[++i]}`);
    else if (arg.startsWith('-') && i + 1 < args.length && ['-H', '-X', '--data-raw', '--output'].includes(arg)) out.push(`${arg} ${args[++i]}`);
    else out.push(arg);
  }
  return out;
}
