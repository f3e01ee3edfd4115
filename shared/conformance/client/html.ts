// `streamscope check-client --out report.html`: the run as one self-contained page, as the server
// battery's (../server/html.ts): it loads nothing and runs no script. A matrix of cases by
// dialect, each cell a link to its case's section: what it serves and why, what the command did
// (exit code, time, requests, the head and tail of its output), and the stream it was served —
// diagnostics, timeline and events, drawn by the recording report's own pieces.

import { analyzeRecording } from '../../analysis/analyze.ts';
import { concatBytes } from '../../formats/bytes.ts';
import { redactRecording } from '../../recording/secrets/redact.ts';
import type { Recording } from '../../recording/types.ts';
import { html } from '../../export/html/escape.ts';
import type { Html } from '../../export/html/escape.ts';
import { eventsTable, tableRows } from '../../export/html/events.ts';
import { diagnosticsSection } from '../../export/html/findings.ts';
import { htmlDocument, STYLESHEET } from '../../export/html/page.ts';
import { timelineSvg } from '../../export/html/timeline.ts';
import { PASSING } from './judge.ts';
import type { ClientVerdict } from './judge.ts';
import type { ClientReport } from './report.ts';

const CLIENT_STYLE = `
table.matrix td,table.matrix th{padding:4px 10px;text-align:left}
.st{display:inline-block;min-width:4.5em;padding:1px 6px;border-radius:3px;font-weight:600;text-align:center;color:#fff}
.st-pass{background:var(--ok)}.st-fail{background:var(--bad)}.st-hung{background:var(--warn)}
section.case{border-top:2px solid var(--line);margin-top:28px}
pre.output{max-height:24em;overflow:auto;white-space:pre-wrap}
`;

const tone = (verdict: ClientVerdict): string => (PASSING.has(verdict) ? 'pass' : verdict === 'hung' ? 'hung' : 'fail');
const badge = (verdict: ClientVerdict): Html => html`<span class="st st-${tone(verdict)}">${verdict}</span>`;
const sectionId = (api: string, id: string): string => `case-${api}-${id}`;

type Result = ClientReport['cases'][number];

function matrix(report: ClientReport): Html {
  const apis = [...new Set(report.cases.map((result) => result.api))];
  const ids = [...new Set(report.cases.map((result) => result.id))];
  const rows = ids.map((id) => {
    const cells = apis.map((api) => {
      const result = report.cases.find((candidate) => candidate.api === api && candidate.id === id);
      return result ? html`<td><a href="#${sectionId(api, id)}">${badge(result.verdict)}</a></td>` : html`<td class="note">—</td>`;
    });
    const expect = report.cases.find((result) => result.id === id)?.expect;
    return html`<tr><th scope="row">${id}</th><td class="note">${expect === 'survive' ? 'valid' : 'broken'}</td>${cells}</tr>`;
  });
  return html`<table class="matrix"><thead><tr><th>case</th><th>stream</th>${apis.map((api) => html`<th>${api}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

function output(title: string, text: string): Html {
  return text === '' ? html`<p class="note">${title}: nothing.</p>` : html`<h3>${title}</h3><pre class="output">${text}</pre>`;
}

function caseSection(result: Result, recording: Recording | null, at: number): Html {
  const head = html`<h2 id="${sectionId(result.api, result.id)}">${badge(result.verdict)} <code>${result.api} ${result.id}</code></h2><p>${result.summary}</p>
<p class="note">A ${result.expect === 'survive' ? 'valid stream, to be survived' : 'broken stream, to be detected'}. Exit code ${result.exitCode === null ? 'none (killed)' : String(result.exitCode)}, ${String(result.durationMs)} ms, ${String(result.requests.length)} request${result.requests.length === 1 ? '' : 's'}${result.recordingId === null ? '' : html`; recording ${String(result.recordingId)}: <code>streamscope inspect ${String(result.recordingId)}</code>`}.</p>`;
  const requests = result.requests.length === 0 ? null : html`<h3>Requests</h3><ul>${result.requests.map((request) => html`<li><code>${request.method} ${request.path}</code> <code>${JSON.stringify(request.body)}</code></li>`)}</ul>`;
  const outputs = html`${output('stdout', result.stdout)}${output('stderr', result.stderr)}`;
  if (recording === null) return html`<section class="case">${head}${requests}${outputs}</section>`;
  const redacted = redactRecording(recording);
  const analysis = analyzeRecording(redacted);
  const rows = tableRows(analysis, `k${at}-`);
  const body = concatBytes(redacted.reads.map((read) => read.bytes));
  const stream = html`<h3>The stream served</h3>${diagnosticsSection(analysis, rows, `k${at}-diagnostics`)}<h3>Timeline</h3>${timelineSvg(analysis, (index) => rows.has(index), rows.idOf)}<h3>Events</h3>${eventsTable(analysis, body, rows)}`;
  return html`<section class="case">${head}${requests}${outputs}${stream}</section>`;
}

/** The run's report, as the text of an HTML file. `recordings`: each case's stream, in the report's order. */
export function renderClientReport(report: ClientReport, recordings: readonly (Recording | null)[]): string {
  const passed = report.cases.filter((result) => PASSING.has(result.verdict)).length;
  const title = `check-client ${report.command}`;
  const content = html`<header><h1>${title}</h1><p class="note">${String(passed)} of ${String(report.cases.length)} cases pass · ${Object.entries(report.counts)
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${verdict}`)
    .join(', ')}</p></header>
<main>
<section id="matrix"><h2>Cases</h2>${matrix(report)}</section>
${report.cases.map((result, at) => caseSection(result, recordings[at] ?? null, at))}
</main>
<footer>Generated by Streamscope. A self-contained report: it loads nothing and runs no script.</footer>
`;
  return htmlDocument(`${title} · Streamscope check-client`, STYLESHEET + CLIENT_STYLE, content);
}
