// The summary columns of a recording, derived from the core's analysis.

import { SEVERITY_ORDER } from '../../../shared/index.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Analysis, Diagnostic, RecordedRequest, Recording, Severity } from '../../../shared/index.ts';
import type { FinishSummary } from './types.ts';

/** What the store keeps of an analysis for the list view. */
export function summarize(analysis: Analysis): FinishSummary {
  return {
    protocol: analysis.protocol,
    model: analysis.identity.model,
    diagnostics: analysis.diagnostics,
    finishReasons: endOf(analysis),
    ttftMs: analysis.metrics?.ttft_ms ?? null,
    durationMs: analysis.metrics?.duration_ms ?? null,
  };
}

/** How the answer ended, as its dialect reads its final object (each choice's finish_reason, the Responses status, the Anthropic stop_reason); nothing when raw. */
function endOf({ protocol, final }: Analysis): (string | null)[] {
  return protocol === null ? [] : descriptorOf(protocol).endReasons(final);
}

export function worstSeverity(diagnostics: readonly Diagnostic[]): Severity | null {
  let worst: Severity | null = null;
  for (const { severity } of diagnostics) if (worst === null || SEVERITY_ORDER[severity] < SEVERITY_ORDER[worst]) worst = severity;
  return worst;
}

/** One row per code: its severity and how many findings carry it. */
export function diagnosticRows(diagnostics: readonly Diagnostic[]): { code: string; severity: Severity; count: number }[] {
  const rows = new Map<string, { code: string; severity: Severity; count: number }>();
  for (const { code, severity } of diagnostics) {
    const row = rows.get(code);
    if (row) {
      row.count++;
      if (SEVERITY_ORDER[severity] < SEVERITY_ORDER[row.severity]) row.severity = severity;
    } else rows.set(code, { code, severity, count: 1 });
  }
  return [...rows.values()];
}

/** Distinct non-null finish reasons, in order. */
export function distinctReasons(reasons: readonly (string | null)[] | undefined): string[] {
  const out: string[] = [];
  for (const reason of reasons ?? []) if (typeof reason === 'string' && !out.includes(reason)) out.push(reason);
  return out;
}

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).host.toLowerCase();
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** The model the request asked for, when its body names one. */
export function requestedModel(request: RecordedRequest | null | undefined): string | null {
  const body = request?.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const model = (body as Record<string, unknown>).model;
  return typeof model === 'string' && model !== '' ? model : null;
}

/** Trimmed, non-empty, distinct tags in their order. */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const tag of tags ?? []) {
    if (typeof tag !== 'string') throw new TypeError(`a tag must be a string, got ${typeof tag}`);
    const trimmed = tag.trim();
    if (trimmed !== '' && !out.includes(trimmed)) out.push(trimmed);
  }
  return out;
}

export function normalizeName(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  if (typeof name !== 'string') throw new TypeError(`a name must be a string or null, got ${typeof name}`);
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}

/** Milliseconds since the epoch for a recording's created_at: its start, else now. */
export function createdAtOf(startedAt: string | null | undefined, now = Date.now()): number {
  const parsed = startedAt ? Date.parse(startedAt) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now;
}

/** None kept as NULL: a recording without stalls reads back without the field, as one made before it was measured. */
export function recorderLagColumn(lag: Recording['recorderLag']): string | null {
  return lag && lag.length > 0 ? JSON.stringify(lag) : null;
}
