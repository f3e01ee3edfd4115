// The codes of the JSON-array reading's own checks (checks.ts; docs/diagnostics.md, "Framing"),
// with their severity and how to fix what they find.

import type { CatalogueEntry } from '../../findings/finding.ts';

declare module '../types.ts' {
  interface FramingCodes {
    'json-array': keyof typeof JSON_ARRAY_CODES;
  }
}

export const JSON_ARRAY_CODES = {
  'array-truncated': {
    severity: 'error',
    title: 'JSON array cut short',
    hint: 'The body ended inside the array (an element cut, or no closing "]"): the connection dropped or the server stopped writing; a client that parses the whole array gets nothing at all.',
  },
  'array-stray-bytes': {
    severity: 'error',
    title: 'Bytes outside the array\'s elements',
    hint: 'Between elements JSON allows only whitespace and ",": something wrote into the body outside the array\'s syntax, which a JSON parser rejects whole.',
  },
} as const satisfies Record<string, CatalogueEntry>;
