// The echo dialect's one finding. Not added to DialectCodes: echo is a test dialect, and the
// product's codes stay those of its registered dialects.

import { findingIn } from '../../../findings/finding.ts';
import type { CatalogueEntry } from '../../../findings/finding.ts';

export const ECHO_CODES = {
  'missing-end': {
    severity: 'error',
    title: 'No end event',
    hint: 'The stream ended without data: {"end":true}: it did not finish. Treat the text as cut and retry.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export const finding = findingIn(ECHO_CODES);
