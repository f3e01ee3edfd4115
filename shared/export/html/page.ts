// The whole report: one self-contained HTML document. It loads nothing (the policy below
// forbids every fetch; the only image source allowed is data:) and runs nothing (it has no
// script, and the policy would refuse one). Everything shown is computed by the core from the
// recording, redacted first: the report never holds a secret the recording had.

import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import { toContract } from '../../analysis/contract.ts';
import { concatBytes } from '../../formats/bytes.ts';
import { redactRecording } from '../../recording/secrets/redact.ts';
import type { Recording } from '../../recording/types.ts';
import type { ExportOptions } from '../types.ts';
import { html, raw } from './escape.ts';
import type { Html } from './escape.ts';
import { eventsTable, tableRows } from './events.ts';
import type { TableRows } from './events.ts';
import { exchangeSection, titleOf } from './exchange.ts';
import { diagnosticsSection, metricsSection } from './findings.ts';
import { count, ms } from './format.ts';
import { messageSection, usageSection } from './message.ts';
import { STYLE, kindRules } from './style.ts';
import { KIND_LABELS, LONG_GAP_MS, markersOf } from '../../analysis/timeline-layout.ts';
import { timelineSvg } from './timeline.ts';

/**
 * No fetch of any kind (default-src 'none'), the one inline stylesheet, data: images, no <base>
 * and no form target. Without a script-src, scripts fall back to default-src: none may run.
 * frame-ancestors is not allowed in a <meta> policy (CSP 3 §6.1), so it is not listed.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** The stylesheet the page carries: constant, whatever the recording. */
export const STYLESHEET = STYLE + kindRules(Object.keys(KIND_LABELS));

/** A self-contained page: the policy above, one stylesheet, and `content` (from its header to its footer). */
export function htmlDocument(title: string, style: string, content: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(CONTENT_SECURITY_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Streamscope">
<title>${title}</title>
<style>${raw(style)}</style>
</head>
<body>
${content}</body>
</html>
`.value;
}

function timelineSection(analysis: Analysis, rows: TableRows): Html {
  const timed = analysis.metrics !== null;
  const markers = markersOf(analysis).map(({ label, at }) => html`<li><b>${label}</b> ${timed ? ms(at) : `event #${at}`}</li>`);
  const note = timed
    ? html`<p class="note">Time runs from the start of the request. Each mark is an event (hover for its annotation, click for its row); shaded: silences of ${LONG_GAP_MS / 1000} s or more between reads.</p>`
    : html`<p class="note">Untimed recording: the source carries no arrival times, so there is no time axis. The strip shows the events in order.</p>`;
  if (analysis.events.length === 0 && !timed) return html`<section id="timeline"><h2>Timeline</h2><p class="note">Nothing to draw: the body holds no event and no timing.</p></section>`;
  return html`<section id="timeline"><h2>Timeline</h2>${note}${timelineSvg(analysis, (index) => rows.has(index), rows.idOf)}${markers.length > 0 ? html`<ul class="markers">${markers}</ul>` : null}</section>`;
}

function summaryLine(analysis: Analysis): string {
  const { recording, diagnostics, events } = analysis;
  const bySeverity = (severity: string): number => diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
  return [
    recording.response ? `HTTP ${recording.response.status}` : null,
    recording.end ? `ended: ${recording.end.outcome}` : null,
    count(events.length, 'event'),
    `${count(bySeverity('error'), 'error')}, ${count(bySeverity('warning'), 'warning')}, ${count(bySeverity('info'), 'note')}`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** The report of one recording, as the text of an HTML file. */
export function renderHtmlReport(recording: Recording, options: ExportOptions = {}): string {
  const redacted = redactRecording(recording);
  const analysis = analyzeRecording(redacted);
  const contract = toContract(analysis);
  const body = concatBytes(redacted.reads.map((read) => read.bytes));
  const rows = tableRows(analysis);
  const title = titleOf(redacted, options.name, options.id);
  const content = html`<header><h1>${title}</h1><p class="note">${summaryLine(analysis)}</p>
<nav><a href="#exchange">Exchange</a><a href="#diagnostics">Diagnostics</a><a href="#timeline">Timeline</a><a href="#message">Message</a><a href="#usage">Usage</a><a href="#metrics">Metrics</a><a href="#events">Events</a></nav></header>
<main>
${exchangeSection(analysis, contract)}
${diagnosticsSection(analysis, rows)}
${timelineSection(analysis, rows)}
${messageSection(analysis)}
${usageSection(analysis)}
${metricsSection(analysis)}
<section id="events"><h2>Events</h2>${eventsTable(analysis, body, rows)}</section>
</main>
<footer>Generated by Streamscope. A self-contained report: it loads nothing and runs no script; secrets in the request were redacted.</footer>
`;
  return htmlDocument(`${title} · Streamscope report`, STYLESHEET, content);
}
