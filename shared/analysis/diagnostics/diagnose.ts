import { SEVERITY_ORDER } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import type { Check, DiagnosticContext } from './context.ts';
import { buffering } from './buffering.ts';
import { errors } from './errors.ts';
import { finish } from './finish.ts';
import { framing } from './framing.ts';
import { idle } from './idle.ts';
import { message } from './message.ts';
import { metadata } from './metadata.ts';
import { tools } from './tools.ts';
import { transport } from './transport.ts';
import { usage } from './usage.ts';

const STREAM_CHECKS: readonly Check[] = [framing, errors, finish, message, tools, usage, metadata, buffering, idle];

/**
 * Runs every check. A non-2xx response's body is an error message, not a
 * stream, so only the transport findings are made for it.
 */
export function diagnose(context: DiagnosticContext): Diagnostic[] {
  const found = transport(context);
  const status = context.recording.response?.status;
  const errorBody = status !== undefined && (status < 200 || status > 299);
  // A body that is not an event stream and holds no event (the server ignored stream: true) is said once.
  const notAStream = found.some((diagnostic) => diagnostic.code === 'not-event-stream') && context.events.length === 0;
  if (!errorBody && !notAStream) {
    for (const check of STREAM_CHECKS) found.push(...check(context));
  }
  return found
    .map((diagnostic, order) => ({ diagnostic, order }))
    .sort((a, b) => SEVERITY_ORDER[a.diagnostic.severity] - SEVERITY_ORDER[b.diagnostic.severity] || a.order - b.order)
    .map(({ diagnostic }) => diagnostic);
}
