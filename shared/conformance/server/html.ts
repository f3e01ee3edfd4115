// `streamscope check --out report.html`: the run as one self-contained page (as the recording
// report: it loads nothing and runs no script, export/html/page.ts). A matrix of checks by
// dialect, each cell a link to its check's section: what it expected, the rules it broke, and the
// stream it judged — its diagnostics, timeline and events, drawn by the recording report's own
// pieces, each recording's rows with ids of their own.

import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import { concatBytes } from '../../formats/bytes.ts';
import { redactRecording } from '../../recording/secrets/redact.ts';
import type { Recording } from '../../recording/types.ts';
import { html, raw } from '../../export/html/escape.ts';
import type { Html } from '../../export/html/escape.ts';
import { eventsTable, tableRows } from '../../export/html/events.ts';
import { diagnosticsSection } from '../../export/html/findings.ts';
import { CONTENT_SECURITY_POLICY, STYLESHEET } from '../../export/html/page.ts';
import { timelineSvg } from '../../export/html/timeline.ts';
import type { CheckReport } from './report.ts';
import type { CheckStatus } from './types.ts';

/** The page's own rules beside the recording report's stylesheet: the matrix and the status badges. */
const CHECK_STYLE = `
table.matrix td,table.matrix th{padding:4px 10px;text-align:left}
.st{display:inline-block;min-width:3.2em;padding:1px 6px;border-radius:3px;font-weight:600;text-align:center;color:#fff}
.st-pass{background:var(--ok)}.st-warn{background:var(--warn)}.st-fail{background:var(--bad)}.st-skip{background:var(--muted)}
section.check{border-top:2px solid var(--line);margin-top:28px}
`;

const badge = (status: CheckStatus): Html => html`<span class="st st-${status}">${status}</span>`;
const sectionId = (id: string): string => `check-${id}`;

/** The check's name without its dialect: the matrix's row. */
const nameOf = (id: string): string => id.slice(id.indexOf('.') + 1);

function matrix(report: CheckReport): Html {
  const names = [...new Set(report.checks.map((check) => nameOf(check.id)))];
  const rows = names.map((name) => {
    const cells = report.apis.map((api) => {
      const check = report.checks.find((candidate) => candidate.api === api && nameOf(candidate.id) === name);
      return check ? html`<td><a href="#${sectionId(check.id)}">${badge(check.status)}</a></td>` : html`<td class="note">—</td>`;
    });
    return html`<tr><th scope="row">${name}</th>${cells}</tr>`;
  });
  return html`<table class="matrix"><thead><tr><th>check</th>${report.apis.map((api) => html`<th>${api}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

function checkSection(check: CheckReport['checks'][number], recording: Recording | null, at: number): Html {
  const head = html`<h2 id="${sectionId(check.id)}">${badge(check.status)} <code>${check.id}</code></h2><p>${check.summary}</p>${check.recordingId === null ? null : html`<p class="note">Recording ${check.recordingId}: <code>streamscope inspect ${check.recordingId}</code>.</p>`}`;
  const expected = check.expected.length === 0 ? null : html`<h3>Expected</h3><ul>${check.expected.map((says) => html`<li>${says}</li>`)}</ul>`;
  if (recording === null) return html`<section class="check">${head}${expected}</section>`;
  const redacted = redactRecording(recording);
  const analysis: Analysis = analyzeRecording(redacted);
  // The findings after the recording's diagnostics are the check's own: its broken rules, a cut.
  const broken = check.findings.slice(analysis.diagnostics.length);
  const brokenList = broken.length === 0 ? null : html`<h3>Broken</h3>${broken.map((finding) => html`<article class="card diag sev-${finding.severity}"><h4><code>${finding.code}</code></h4><p>${finding.message}</p></article>`)}`;
  const rows = tableRows(analysis, `c${at}-`);
  const body = concatBytes(redacted.reads.map((read) => read.bytes));
  const stream = html`${diagnosticsSection(analysis, rows, `c${at}-diagnostics`)}<h3>Timeline</h3>${timelineSvg(analysis, (index) => rows.has(index), rows.idOf)}<h3>Events</h3>${eventsTable(analysis, body, rows)}`;
  return html`<section class="check">${head}${expected}${brokenList}${stream}</section>`;
}

/** The run's report, as the text of an HTML file. `recordings`: each check's, in the report's order. */
export function renderCheckReport(report: CheckReport, recordings: readonly (Recording | null)[]): string {
  const { counts } = report;
  const title = `check ${report.target.baseUrl}`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${raw(CONTENT_SECURITY_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Streamscope">
<title>${title} · Streamscope check</title>
<style>${raw(STYLESHEET + CHECK_STYLE)}</style>
</head>
<body>
<header><h1>${title}</h1><p class="note">${report.target.model === null ? "each check's simulator scenario" : `model ${report.target.model}`} · ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail, ${counts.skip} skip</p></header>
<main>
<section id="matrix"><h2>Checks</h2>${matrix(report)}</section>
${report.checks.map((check, at) => checkSection(check, recordings[at] ?? null, at))}
</main>
<footer>Generated by Streamscope. A self-contained report: it loads nothing and runs no script; secrets in the requests were redacted.</footer>
</body>
</html>
`;
  return page.value;
}
