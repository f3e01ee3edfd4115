// The report's head: what was asked and what came back. The request's URL and headers arrive
// here redacted; a URL is only ever text, never a link (the page makes no request and sends
// the reader nowhere).

import type { Analysis } from '../../analysis/analyze.ts';
import type { AnalysisContract } from '../../analysis/contract.ts';
import type { Recording } from '../../recording/types.ts';
import { html, pre, raw } from './escape.ts';
import type { Html } from './escape.ts';
import { count, ms } from './format.ts';

const SOURCES: Readonly<Record<Recording['source'], string>> = {
  live: 'recorded live by Streamscope',
  check: 'sent by Streamscope as a request of a conformance run',
  capture: "captured from an app's traffic by Streamscope's proxy",
  ssrec: 'timed recording file (.ssrec.jsonl)',
  sse: 'plain SSE body (.sse), untimed',
  har: 'imported from a HAR file, untimed',
  curl: 'imported from a curl trace',
};

/** The report's title: the recording's name, else what was requested, else where it came from. */
export function titleOf(recording: Recording, name: string | null | undefined, id: number | null | undefined): string {
  if (name) return name;
  const prefix = id != null ? `Recording ${id}: ` : '';
  if (recording.request) return `${prefix}${recording.request.method} ${recording.request.url}`;
  return `${prefix}${SOURCES[recording.source]}`;
}

function headersTable(headers: Readonly<Record<string, string>>): Html {
  const rows = Object.entries(headers).map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${String(value)}</td></tr>`);
  return rows.length === 0 ? html`<p class="note">No headers.</p>` : html`<table class="headers">${rows}</table>`;
}

/** Bodies longer than this many lines start folded, so the report opens on the findings. */
const OPEN_BODY_LINES = 30;

function requestBody(body: unknown): Html {
  if (body === null || body === undefined) return html`<p class="note">No request body.</p>`;
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const lines = text.split('\n').length;
  return html`<details${lines <= OPEN_BODY_LINES ? raw(' open') : null}><summary>request body (${count(lines, 'line')})</summary>${pre(text, 'json')}</details>`;
}

export function exchangeSection(analysis: Analysis, contract: AnalysisContract): Html {
  const { recording } = analysis;
  const { request, response, end } = recording;
  const { counts } = contract;
  const facts: [string, string][] = [
    ['source', SOURCES[recording.source]],
    ['recorded', recording.startedAt ?? 'unknown (the source carries no date)'],
    ['outcome', end ? `${end.outcome}${end.t === null ? '' : ` at ${ms(end.t)}`}` : 'unknown (the source does not say how the exchange ended)'],
  ];
  if (end?.error) facts.push(['error', end.error]);
  facts.push(['counts', `${count(counts.events, 'event')} (${count(counts.chunks, 'chunk')}), ${count(counts.reads, 'read')}, ${count(counts.bytes, 'byte')}`]);
  facts.push(['protocol', analysis.protocol ?? 'unknown (the dialect could not be told: events shown raw)']);
  for (const key of ['id', 'model', 'created', 'system_fingerprint'] as const) {
    const value = analysis.identity[key];
    if (value !== null) facts.push([key, String(value)]);
  }
  const list = html`<dl class="facts">${facts.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>`;

  const requestPart = request
    ? html`<h3>Request</h3><p class="line"><span class="method">${request.method}</span> <span class="url">${request.url}</span></p><details><summary>request headers (${count(Object.keys(request.headers).length, 'header')}, secrets redacted)</summary>${headersTable(request.headers)}</details>${requestBody(request.body)}`
    : html`<h3>Request</h3><p class="note">Not recorded (the source holds only the response body).</p>`;
  const status = response ? `HTTP ${response.status}${response.httpVersion ? ` (HTTP/${response.httpVersion})` : ''}${response.t === null ? '' : `, headers at ${ms(response.t)}`}` : null;
  const responsePart = response
    ? html`<h3>Response</h3><p class="line ${response.status >= 200 && response.status < 300 ? 'ok' : 'bad'}">${status}</p><details><summary>response headers (${count(Object.keys(response.headers).length, 'header')})</summary>${headersTable(response.headers)}</details>`
    : html`<h3>Response</h3><p class="note">Status and headers not recorded.</p>`;
  return html`<section id="exchange"><h2>Exchange</h2>${list}<div class="pair"><div>${requestPart}</div><div>${responsePart}</div></div></section>`;
}
