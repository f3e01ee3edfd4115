// `--format html`: one self-contained HTML report of a recording, for a bug report
// (docs/import-export.md, "HTML report").

import type { Exporter } from '../types.ts';
import { renderHtmlReport } from './page.ts';

export { renderHtmlReport, CONTENT_SECURITY_POLICY, STYLESHEET } from './page.ts';

export const htmlExporter: Exporter = {
  format: 'html',
  description: 'A self-contained HTML report (timeline, events, message, diagnostics) for a bug report; runs no script, loads nothing',
  extension: '.html',
  mediaType: 'text/html; charset=utf-8',
  export: (recording, options) => renderHtmlReport(recording, options),
};
