// `--max-recording-bytes N`, which `record` and `proxy` share: how much of a body a recording keeps.

import { DEFAULT_MAX_RECORDING_BYTES } from '../recorder/live-recording.ts';
import { CliError } from './errors.ts';

export const RECORDING_CAP_OPTIONS = { 'max-recording-bytes': { type: 'string' } } as const;

/** The help's lines, aligned at `column` (where the other options' descriptions start). */
export function recordingCapUsage(column: number): string {
  const indent = ' '.repeat(column);
  return `  ${'--max-recording-bytes N'.padEnd(column - 2)}Body bytes a recording keeps (default
${indent}${DEFAULT_MAX_RECORDING_BYTES.toLocaleString('en-US')}: 256 MiB); past it the stream
${indent}goes on, the recording ends truncated`;
}

/** The cap asked for, or undefined for the default. */
export function recordingCapOf(values: { readonly 'max-recording-bytes'?: string | undefined }): number | undefined {
  const text = values['max-recording-bytes'];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 1) throw new CliError(`--max-recording-bytes takes a whole number of bytes, at least 1, not "${text}"`);
  return value;
}
