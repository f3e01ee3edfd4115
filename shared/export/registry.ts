// Every export format, by name: what `streamscope export --format` and the UI's export menu offer.
// A format is listed once its exporter is registered here.

import { curlExporter } from './curl.ts';
import { harExporter } from './har.ts';
import { sseExporter } from './sse.ts';
import { ssrecExporter } from './ssrec.ts';
import { openaiTestExporter } from './openai-test.ts';
import { mswExporter } from './msw.ts';
import { htmlExporter } from './html/index.ts';
import { aimockExporter } from './aimock.ts';
import type { ExportFormat, Exporter } from './types.ts';

const EXPORTERS: Partial<Record<ExportFormat, Exporter>> = {
  sse: sseExporter,
  ssrec: ssrecExporter,
  har: harExporter,
  curl: curlExporter,
  'openai-test': openaiTestExporter,
  msw: mswExporter,
  html: htmlExporter,
  aimock: aimockExporter,
};

/** The order formats are offered in (help text, menus). */
const ORDER: readonly ExportFormat[] = ['sse', 'ssrec', 'har', 'openai-test', 'msw', 'aimock', 'curl', 'html'];

/** The registered exporters, in menu order. */
export function exporters(): Exporter[] {
  return ORDER.flatMap((format) => EXPORTERS[format] ?? []);
}

/** The exporter of a format name, or null when no such format is registered. */
export function exporterFor(format: string): Exporter | null {
  return Object.hasOwn(EXPORTERS, format) ? (EXPORTERS[format as ExportFormat] ?? null) : null;
}
