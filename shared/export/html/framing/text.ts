// The framings whose events are text (SSE, a JSON array): an event's bytes shown as they came,
// line endings and bytes that are not UTF-8 made visible (../raw.ts).

import { html } from '../escape.ts';
import { rawBytes } from '../raw.ts';
import type { ReportFraming } from './types.ts';

export const textReportFraming: ReportFraming = {
  eventBytes: (bytes, _start, max) => html`<pre class="raw">\n${rawBytes(bytes, max)}</pre>`,
};
