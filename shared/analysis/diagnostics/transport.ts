// Findings about the HTTP exchange itself: status, content type, encoding, how it ended.

import { descriptorOf } from '../../dialects/registry.ts';
import type { Protocol } from '../../dialects/types.ts';
import { framingOf } from '../../framing/registry.ts';
import type { FramingName } from '../../framing/types.ts';
import { header } from '../../recording/types.ts';
import type { RecordingTruncation, SecretsMasked } from '../../recording/types.ts';
import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import type { DiagnosticContext } from './context.ts';
import { utf8Lossy } from '../../formats/bytes.ts';

/** Whether a content-type begins with this media type (a word boundary after it, any case). */
function namesMediaType(type: string, mediaType: string): boolean {
  const at = type.search(/\S/);
  if (at === -1 || type.slice(at, at + mediaType.length).toLowerCase() !== mediaType) return false;
  return !/\w/.test(type.charAt(at + mediaType.length) || ' ');
}

/** Why a body read in a framing that is no event stream is not one, in its dialect's words (the descriptor's `alsoFramed`). */
function notAStreamReason(protocol: Protocol | null, framing: FramingName): string {
  const reason = protocol !== null ? descriptorOf(protocol).alsoFramed?.[framing] : undefined;
  return reason ?? `the body is read as ${framing}.`;
}

export function transport({ recording, reads, framing, dialect }: DiagnosticContext): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { response, end } = recording;
  if (response) {
    if (response.status < 200 || response.status > 299) {
      const body = utf8Lossy(firstBytes(recording.reads, 300)).trim();
      found.push(finding('http-status', `HTTP ${response.status}${body ? `: ${body}` : ' with an empty body.'}`));
    }
    const type = header(response.headers, 'content-type');
    // An error status comes with a JSON or HTML body by nature: http-status says it all.
    const ok = response.status >= 200 && response.status <= 299;
    // The media type of the framing the body was read in (SSE's text/event-stream, the AWS event stream's).
    const { mediaType, eventStream } = framingOf(framing);
    if (ok && eventStream === false) {
      // Read in a framing that is no event stream (Gemini's JSON array): the objects are shown, and the body is said to be no stream, with why.
      found.push(finding('not-event-stream', `The response is ${type ?? mediaType}, not an event stream: ${notAStreamReason(dialect.protocol, framing)}`));
    } else if (ok && (type === undefined || !namesMediaType(type, mediaType))) {
      found.push(finding('not-event-stream', type === undefined ? 'The response has no content-type.' : `The response is ${type}, not ${mediaType}.`));
    }
    const encoding = header(response.headers, 'content-encoding');
    if (encoding !== undefined && encoding.trim() !== '' && encoding.trim().toLowerCase() !== 'identity') {
      found.push(finding('compressed-stream', `The event stream is sent with content-encoding: ${encoding}.`));
    }
  }
  if (recording.secretsMasked) found.push(finding('secret-echoed', secretEchoed(recording.secretsMasked)));
  if (end?.truncated) found.push(finding('recording-truncated', recordingTruncated(end.truncated)));
  if (end && (end.outcome === 'error' || end.outcome === 'aborted' || end.outcome === 'timeout' || end.outcome === 'interrupted')) {
    const how = {
      error: 'The connection failed',
      aborted: 'The request was aborted',
      timeout: 'The request timed out',
      interrupted: 'The recorder stopped (the app was killed or crashed)',
    }[end.outcome];
    const last = reads.length - 1;
    found.push(
      finding(
        'connection-error',
        `${how}${end.error ? `: ${end.error}` : ''}${end.t !== null ? ` at ${end.t.toFixed(1)} ms` : ''}, after ${reads.reduce((sum, read) => sum + read.length, 0)} bytes.`,
        [],
        last >= 0 ? [last] : [],
      ),
    );
  }
  return found;
}

function firstBytes(reads: readonly { bytes: Uint8Array }[], max: number): Uint8Array {
  const out = new Uint8Array(max);
  let at = 0;
  for (const read of reads) {
    if (at >= max) break;
    const take = read.bytes.subarray(0, max - at);
    out.set(take, at);
    at += take.length;
  }
  return out.subarray(0, at);
}

function recordingTruncated({ atBytes, droppedBytes, cause }: RecordingTruncation): string {
  const kept = `${atBytes.toLocaleString('en-US')} ${atBytes === 1 ? 'byte' : 'bytes'}`;
  const rest = `${droppedBytes.toLocaleString('en-US')} ${droppedBytes === 1 ? 'byte' : 'bytes'}`;
  // A recorder that fell behind is no size cap: raising the cap would not have kept these bytes.
  const why = cause === 'recorder-behind' ? ': the capture proxy\'s recorder fell behind the relay (more bytes waited for it than the proxy holds)' : ', its size cap';
  return `The recording keeps the body's first ${kept}${why}; the ${rest} after them went on to the client and were not kept, so nothing is said of the stream's end.`;
}

/** Where the key came back, in words: `in response headers x-debug, x-echo-request and once in the body`. */
function secretEchoed({ headers, bodyPlaces }: SecretsMasked): string {
  const names = headers.length === 0 ? [] : [`response header${headers.length === 1 ? '' : 's'} ${headers.join(', ')}`];
  const body = bodyPlaces === 0 ? [] : [bodyPlaces === 1 ? 'once in the body' : `${bodyPlaces} times in the body`];
  return `The server sent back a key this request carried (in ${[...names, ...body].join(' and ')}): Streamscope masked it before keeping anything.`;
}
