// A cassette is a file people commit; a header the name rules do not know (names.ts) may still
// carry a session or a key (`x-session: 9fK2…`, a gateway's own name for its token). So a cassette
// also redacts, in a header that is neither secret by name nor known to be harmless, every value
// part that looks random: a run of 32 or more characters of the base64 / base64url / hex alphabet
// (`A-Z a-z 0-9 + / _ -`, `=` padding after it) with a letter and a digit in it, at most one
// character in 8 a separator (`-`, `_`, `/`: what words and paths are made of), and a Shannon
// entropy of at least 3 bits per character (over the run's own characters; random hex has about
// 3.7, base64 about 4.6, `aaaa…1111` far less). Such a run is redacted as a secret value is
// (`…a1b2`, redact.ts: redactRandomValues), the rest of the value kept. Request and trace ids are
// harmless by name: they identify an exchange to the provider's support and grant nothing, and are kept.

/** Header values kept as they are, however random they look: protocol, content and caching headers, versions, ids. */
export const HARMLESS_HEADERS: readonly string[] = [
  'accept',
  'accept-encoding',
  'accept-language',
  'alt-svc',
  'anthropic-beta',
  'anthropic-version',
  'baggage',
  'cache-control',
  'cf-ray',
  'content-encoding',
  'content-language',
  'content-length',
  'content-security-policy',
  'content-type',
  'date',
  'etag',
  'expires',
  'if-none-match',
  'last-modified',
  'link',
  'openai-model',
  'openai-organization',
  'openai-processing-ms',
  'openai-project',
  'openai-version',
  'pragma',
  'sentry-trace',
  'server',
  'strict-transport-security',
  'traceparent',
  'tracestate',
  'user-agent',
  'vary',
  'via',
  'x-amz-cf-id',
  'x-cloud-trace-context',
];
const HARMLESS = new Set(HARMLESS_HEADERS);

/** `x-request-id`, `request-id`, `openai-request-id`, `x-amzn-requestid`, `x-ms-client-request-id`, `x-b3-traceid`, `x-correlation-id`, `anthropic-organization-id` …: ids, kept. */
const ID_HEADER = /(?:^|[-_])(?:request|trace|span|parent|correlation|organization)[-_]?id$/;

/** A run of the base64 / base64url / hex alphabet long enough to be a key: looksRandom tells whether it is one. */
export const RANDOM_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

/** Whether a run of the alphabet looks random enough to be a secret (the rule above). */
export function looksRandom(run: string): boolean {
  const text = run.replace(/=+$/, '');
  if (text.length < 32 || !/[A-Za-z]/.test(text) || !/[0-9]/.test(text)) return false;
  const separators = text.length - text.replace(/[-_/]/g, '').length;
  if (separators * 8 > text.length) return false;
  return shannonEntropy(text) >= 3;
}

/** Bits per character, over the text's own character frequencies. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Whether a header's value is kept whatever it looks like. */
export function isHarmlessHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return HARMLESS.has(lower) || ID_HEADER.test(lower);
}
