// The codes the Bedrock ConverseStream dialect reports (docs/diagnostics.md), with their severity
// and how to fix what they find. Codes other dialects report keep the one severity and title of
// kit/codes.ts (missing-message-stop and stop-max-tokens with Anthropic Messages).

import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry } from '../../findings/finding.ts';
import { SHARED_CODES } from '../kit/codes.ts';

declare module '../types.ts' {
  interface DialectCodes {
    'bedrock-converse': keyof typeof BEDROCK_CONVERSE_CODES;
  }
}

export const BEDROCK_CONVERSE_CODES = {
  'stream-exception': {
    severity: 'error',
    title: 'Exception frame in the stream',
    hint: 'An exception frame (:message-type exception — throttlingException, modelStreamErrorException, validationException, internalServerException, serviceUnavailableException) came inside a 200: the answer stopped there. @aws-sdk/client-bedrock-runtime throws it from the stream; a client that swallows it shows a cut answer as complete. Handle it, and retry the transient ones (throttling, service unavailable, internal).',
  },
  'missing-message-stop': {
    ...SHARED_CODES['missing-message-stop'],
    hint: 'The stream ended without messageStop: the message did not finish, and no stopReason says why. Treat the answer as cut (the connection dropped, or an exception frame came) and retry.',
  },
  'tool-arguments-invalid': {
    ...SHARED_CODES['tool-arguments-invalid'],
    hint: 'The toolUse.input fragments joined do not parse as JSON at the block\'s contentBlockStop: the output was cut (stopReason max_tokens), or the model wrote invalid JSON. Handle the parse error instead of running the tool; raise maxTokens or retry.',
  },
  'stop-max-tokens': {
    ...SHARED_CODES['stop-max-tokens'],
    hint: 'stopReason "max_tokens": the output was cut at inferenceConfig.maxTokens (reasoning tokens count against it). Raise the limit, and tell the user the answer is incomplete (a cut toolUse input may not be valid JSON).',
  },
  'usage-missing': {
    ...SHARED_CODES['usage-missing'],
    hint: 'No metadata event with usage came: Bedrock sends it after messageStop on every complete stream, so the stream was cut or a gateway dropped it. Token accounting and cost tracking see nothing for this answer.',
  },
  'malformed-chunk': {
    ...SHARED_CODES['malformed-chunk'],
    hint: 'A member of a ConverseStream event has the wrong type (a contentBlockIndex that is not an integer, a delta that is not an object …): @aws-sdk/client-bedrock-runtime\'s deserializer rejects or mangles it. Fix the server or gateway that produced it.',
  },
  'unknown-event': {
    ...SHARED_CODES['unknown-event'],
    hint: 'An :event-type outside ConverseStream\'s set (messageStart, contentBlockStart, contentBlockDelta, contentBlockStop, messageStop, metadata): @aws-sdk/client-bedrock-runtime hands it on as $unknown, and most clients skip it. Check the API version, or the gateway in between.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type BedrockConverseCode = keyof typeof BEDROCK_CONVERSE_CODES;

/** A finding of this dialect: its code's severity and hint, a message and the events that show it. */
export const finding = findingIn(BEDROCK_CONVERSE_CODES);
