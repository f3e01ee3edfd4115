// The command starts from Streamscope's own environment, which may hold real keys (a
// GROQ_API_KEY the profiles read, a token of the user's shell). A client that prints its
// configuration or its environment when it fails would put them in the output the app stores and
// pushes; so the values of the variables named like credentials are masked in a result's output
// and requests before it is kept (docs/client-conformance.md, "In the app"), as a key echoed by a
// server is masked in a recording (shared/recording/secrets/echoes.ts).

import type { ClientCaseResult } from '../../../shared/conformance/client/report.ts';
import { maskOf, MIN_SECRET_LENGTH } from '../../../shared/recording/secrets/echoes.ts';
import { hasSecretWord } from '../../../shared/recording/secrets/names.ts';
import { PLACEHOLDER_KEYS } from './run.ts';

/** The values worth masking of the variables named like credentials (`*_API_KEY`, `*_TOKEN`, …), longest first. */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  const placeholders = new Set<string>(Object.values(PLACEHOLDER_KEYS));
  const found = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || placeholders.has(value) || !hasSecretWord(name)) continue;
    found.add(value);
    // As it appears inside a JSON string (the requests are kept as JSON).
    found.add(JSON.stringify(value).slice(1, -1));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** The result with every secret masked in its stdout, stderr and requests. */
export function maskedResult(result: ClientCaseResult, secrets: readonly string[]): ClientCaseResult {
  if (secrets.length === 0) return result;
  const mask = (text: string): string => secrets.reduce((masked, secret) => masked.replaceAll(secret, new TextDecoder().decode(maskOf(secret))), text);
  const requests = JSON.stringify(result.requests);
  const maskedRequests = mask(requests);
  return {
    ...result,
    stdout: mask(result.stdout),
    stderr: mask(result.stderr),
    requests: maskedRequests === requests ? result.requests : parsedOr(maskedRequests, result.requests),
  };
}

/** The masked requests, or (a mask that cut an escape in two) each one's body left out. */
function parsedOr(json: string, requests: ClientCaseResult['requests']): ClientCaseResult['requests'] {
  try {
    return JSON.parse(json) as ClientCaseResult['requests'];
  } catch {
    return requests.map(({ method, path }) => ({ method, path, body: '(left out: it held a secret)' }));
  }
}
