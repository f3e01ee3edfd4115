// A CaptureInfo read back from a file (the `capture` field of a `.ssrec.jsonl` end line): checked
// field by field, since a file may come from anywhere.

import { isObject } from '../is-object.ts';
import type { CaptureInfo, RelayTiming, RelayWrite } from './types.ts';

/** The CaptureInfo a value holds, or a sentence saying what is wrong with it. */
export function captureInfoOf(value: unknown): CaptureInfo | string {
  if (!isObject(value)) return 'must be an object';
  const { session, upstream, client, changed, servedBy, relay } = value;
  if (typeof session !== 'string') return 'needs a "session" string';
  if (typeof upstream !== 'string') return 'needs an "upstream" string';
  if (!isObject(client) || typeof client.address !== 'string' || (client.userAgent !== null && typeof client.userAgent !== 'string')) {
    return '"client" must be {"address": string, "userAgent": string or null}';
  }
  if (!Array.isArray(changed) || !changed.every((line) => typeof line === 'string')) return '"changed" must be an array of strings';
  if (servedBy !== 'proxy' && servedBy !== 'cassette') return '"servedBy" must be "proxy" or "cassette"';
  let timing: RelayTiming | null = null;
  if (relay !== null && relay !== undefined) {
    const parsed = relayOf(relay);
    if (typeof parsed === 'string') return `"relay" ${parsed}`;
    timing = parsed;
  }
  return { session, upstream, client: { address: client.address, userAgent: client.userAgent as string | null }, changed: changed as string[], servedBy, relay: timing };
}

function relayOf(value: unknown): RelayTiming | string {
  if (!isObject(value)) return 'must be an object';
  const { writes, writesDropped, paused, maxBufferedBytes, bufferBound, lag } = value;
  if (!Array.isArray(writes) || !writes.every(isWrite)) return '"writes" must be [arrived, issued, flushed or null] triples';
  if (!isIntervals(paused)) return '"paused" must be [from, to] pairs';
  if (!isCount(writesDropped) || !isCount(maxBufferedBytes) || !isCount(bufferBound)) return 'needs counts "writesDropped", "maxBufferedBytes" and "bufferBound"';
  if (lag !== undefined && !isIntervals(lag)) return '"lag" must be [from, to] pairs';
  return { writes: writes as RelayWrite[], writesDropped, paused: paused as [number, number][], maxBufferedBytes, bufferBound, ...(lag === undefined ? {} : { lag: lag as [number, number][] }) };
}

export function isIntervals(value: unknown): boolean {
  return Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isTime));
}

function isWrite(value: unknown): boolean {
  return Array.isArray(value) && value.length === 3 && isTime(value[0]) && isTime(value[1]) && (value[2] === null || isTime(value[2]));
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

