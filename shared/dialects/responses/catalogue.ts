// The codes the Responses dialect reports (docs/diagnostics.md), with their severity and how to fix what
// they find; the codes other dialects report too keep the one severity and title of kit/codes.ts.

import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry } from '../../findings/finding.ts';
import { EVENT_DIALECT_ENTRIES, SHARED_CODES } from '../kit/codes.ts';

declare module '../types.ts' {
  interface DialectCodes {
    'responses': keyof typeof RESPONSES_CODES;
  }
}

export const RESPONSES_CODES = {
  ...EVENT_DIALECT_ENTRIES,
  'inconsistent-metadata': {
    ...SHARED_CODES['inconsistent-metadata'],
    hint: 'The lifecycle events of one stream should carry one response (one id, one model): the openai SDK throws when the id changes, and a client that correlates by id splits the stream. Fix the gateway that rewrites them.',
  },
  'response-failed': {
    severity: 'error',
    title: 'Response failed',
    hint: 'The terminal event is response.failed: read response.error, show the user that there is no complete answer, and retry if the error is transient.',
  },
  'response-incomplete': {
    severity: 'warning',
    title: 'Response incomplete',
    hint: 'The terminal event is response.incomplete: the output stopped early (incomplete_details.reason). Raise max_output_tokens for max_output_tokens, and tell the user the answer is cut.',
  },
  'missing-terminal-event': {
    severity: 'error',
    title: 'No terminal event',
    hint: 'The stream ended without response.completed, response.incomplete or response.failed: it did not finish. Treat the response as cut and retry; the SDK\'s finalResponse() returns a response still "in_progress".',
  },
  'sequence-gap': {
    severity: 'warning',
    title: 'Sequence numbers skip',
    hint: 'sequence_number did not go up by one: events were lost between the server and the client (a proxy, a resumed stream). Resume with starting_after the last number received, or retry.',
  },
  'sequence-disorder': {
    severity: 'error',
    title: 'Sequence numbers out of order',
    hint: 'sequence_number went back or repeated: events arrived out of order or twice, and a client that applies them in arrival order builds the wrong text. Fix the proxy or fan-out that reorders them.',
  },
  'delta-unknown-item': {
    severity: 'error',
    title: 'Delta for an unknown item or part',
    hint: 'A delta names an output item, content part or summary part that was never added (or of another type): the openai SDK throws, lenient clients drop the text. Send response.output_item.added and content_part.added first.',
  },
  'item-not-done': {
    // An error for a call the client runs (function_call, custom_tool_call: the call is lost), a warning for any other item (responses/diagnostics.ts).
    severity: 'error',
    title: 'Output item never done',
    hint: 'An output item was added but never got response.output_item.done, even if the terminal response holds it: the Vercel AI SDK (@ai-sdk/openai) emits a function call\'s tool call and a message\'s text end only on output_item.done, so its streamText returns no tool call and finish reason stop. The stream was cut, or the server skips done events: send output_item.done for every item added.',
  },
  'done-text-mismatch': {
    severity: 'error',
    title: '.done text differs from the deltas',
    hint: 'A .done event carries a full text or arguments that differ from the deltas joined: clients that render deltas and clients that read .done (the openai SDK lets .done overwrite) disagree. Fix the server; trust one of the two consistently.',
  },
  'final-mismatch': {
    severity: 'error',
    title: 'Terminal response differs from the stream',
    hint: 'The output in the terminal event is not what the deltas built: the openai SDK copies the terminal response as its finalResponse(), so it and a client that renders deltas show different answers. Fix the server or gateway that rewrites one of them.',
  },
  'item-id-changed': {
    severity: 'info',
    title: 'Item id changed at the end (extension)',
    hint: 'The terminal response names an output item with another id than the stream did (OpenRouter streams temporary ids): take ids from the terminal response before referring to items in a later request.',
  },
  refusal: {
    ...SHARED_CODES['refusal'],
    hint: 'The model refused in a refusal content part: a client that reads only output_text shows an empty answer. Render refusal parts too.',
  },
  'usage-missing': {
    ...SHARED_CODES['usage-missing'],
    hint: 'The terminal response carries no usage: the provider or a gateway dropped it. Token accounting and cost tracking see nothing for this response.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** A finding of this dialect: its code's severity and hint, a message and the events that show it. */
export const finding = findingIn(RESPONSES_CODES);
