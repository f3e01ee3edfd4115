// Metrics with their one-line definitions, and the diagnostics grouped by severity: what each
// found, why it matters (the catalogue's title and fix hint), and the events that show it,
// linked to their rows in the events table.

import type { Analysis } from '../../analysis/analyze.ts';
import { CATALOGUE } from '../../analysis/diagnostics/catalogue.ts';
import type { Diagnostic } from '../../analysis/diagnostics/catalogue.ts';
import { evidenceOf, groupBySeverity, SEVERITY_UNITS } from '../../analysis/diagnostics/groups.ts';
import { METRIC_DEFINITIONS } from '../../analysis/metric-definitions.ts';
import { html } from './escape.ts';
import type { Html } from './escape.ts';
import { count, metricValue, number } from './format.ts';
import type { TableRows } from './events.ts';

export function metricsSection(analysis: Analysis): Html {
  const { metrics } = analysis;
  if (metrics === null) {
    return html`<section id="metrics"><h2>Metrics</h2><p class="note">Untimed recording: no timing metrics (the source carries no arrival times).</p></section>`;
  }
  const rows = METRIC_DEFINITIONS.flatMap(({ key, label, definition, benchmark }) => {
    const value = metrics[key];
    const note = benchmark ? html` <i>${benchmark}</i>` : null;
    return value === null ? [] : [html`<tr><th scope="row">${label}</th><td class="num">${metricValue(key, value)}</td><td class="def"><code>${key}</code> ${definition}${note}</td></tr>`];
  });
  return html`<section id="metrics"><h2>Metrics</h2><table class="metrics"><thead><tr><th>metric</th><th>value</th><th>definition</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function evidence(diagnostic: Diagnostic, rows: TableRows): Html | null {
  const parts: Html[] = [];
  if (diagnostic.events.length > 0) {
    const { shown, more } = evidenceOf(diagnostic.events);
    const links = shown.map((index) => (rows.has(index) ? html`<a href="#${rows.idOf(index)}">#${index}</a>` : html`#${index}`));
    parts.push(html`<span>${diagnostic.events.length === 1 ? 'event' : 'events'} ${links.map((link, i) => html`${i > 0 ? ', ' : ''}${link}`)}${more > 0 ? ` and ${number(more)} more` : ''}</span>`);
  }
  if (diagnostic.reads && diagnostic.reads.length > 0) {
    const { shown, more } = evidenceOf(diagnostic.reads);
    parts.push(html`<span>${diagnostic.reads.length === 1 ? 'read' : 'reads'} ${shown.join(', ')}${more > 0 ? ` and ${number(more)} more` : ''}</span>`);
  }
  return parts.length === 0 ? null : html`<p class="evidence">Evidence: ${parts.map((part, i) => html`${i > 0 ? '; ' : ''}${part}`)}</p>`;
}

function diagnosticCard(diagnostic: Diagnostic, rows: TableRows): Html {
  const title = CATALOGUE[diagnostic.code].title;
  return html`<article class="card diag sev-${diagnostic.severity}"><h4><span class="sev">${diagnostic.severity}</span> <code>${diagnostic.code}</code> ${title}</h4><p>${diagnostic.message}</p><p class="hint"><strong>Fix:</strong> ${diagnostic.hint}</p>${evidence(diagnostic, rows)}</article>`;
}

/** `id`: the section's; a page of several recordings gives each its own. */
export function diagnosticsSection(analysis: Analysis, rows: TableRows, id = 'diagnostics'): Html {
  const groups = groupBySeverity(analysis.diagnostics);
  const shown = groups.flatMap(({ severity, title, diagnostics }) =>
    diagnostics.length === 0 ? [] : [html`<h3 class="sev-${severity}">${title} (${diagnostics.length})</h3>${diagnostics.map((diagnostic) => diagnosticCard(diagnostic, rows))}`],
  );
  const tally = groups.map(({ severity, diagnostics }) => count(diagnostics.length, ...SEVERITY_UNITS[severity])).join(', ');
  const body = analysis.diagnostics.length === 0 ? html`<p class="note">No diagnostics: a clean, complete stream.</p>` : shown;
  return html`<section id="${id}"><h2>Diagnostics <span class="tally">${tally}</span></h2>${body}</section>`;
}
