// The codes of SSE's own checks (checks.ts; docs/diagnostics.md, "Framing"), with their severity
// and how to fix what they find.

import type { CatalogueEntry } from '../../findings/finding.ts';

declare module '../types.ts' {
  interface FramingCodes {
    sse: keyof typeof SSE_CODES;
  }
}

export const SSE_CODES = {
  'partial-event': {
    severity: 'error',
    title: 'Unterminated event',
    hint: 'Every SSE event must end with a blank line; a spec-compliant client (EventSource) drops an event without one.',
  },
  comment: {
    severity: 'info',
    title: 'SSE comments',
    hint: 'Comments (keep-alives) are not data: a client that JSON-parses every line must skip lines starting with ":".',
  },
  'mixed-line-endings': {
    severity: 'info',
    title: 'Mixed line endings',
    hint: 'Parsers that split only on "\\n" mis-read CR or CRLF lines; use a spec-compliant SSE parser.',
  },
} as const satisfies Record<string, CatalogueEntry>;
