// The receiving side of every transport: look the call up, validate its argument against the
// call's schema, run it, and turn whatever happens into an ApiReply. Nothing a caller sends can
// throw out of here, so a malformed call never takes the main process or the bridge down.

import type { z } from 'zod';
import { API_CALLS } from './contract.ts';
import type { ApiCall, StreamscopeApi } from './contract.ts';
import { ApiError } from './errors.ts';
import type { ApiReply } from './errors.ts';
import { API_SCHEMAS } from './schema.ts';

const CALLS: ReadonlySet<string> = new Set(API_CALLS);

export type ApiDispatcher = (call: string, input: unknown) => Promise<ApiReply>;

/** Binds the backend's implementation of the API to one dispatch function. */
export function createApiDispatcher(api: StreamscopeApi): ApiDispatcher {
  return async (call, input) => {
    if (!CALLS.has(call)) return failure(new ApiError('unknown-call', `no API call named ${JSON.stringify(call).slice(0, 80)}`));
    const name = call as ApiCall;
    const parsed = API_SCHEMAS[name].safeParse(input);
    if (!parsed.success) return failure(new ApiError('invalid-argument', `${name}: ${describeIssues(parsed.error.issues)}`));
    try {
      const method = api[name] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await method.call(api, parsed.data) };
    } catch (error) {
      if (error instanceof ApiError) return failure(error);
      return failure(new ApiError('failed', `${name}: ${error instanceof Error ? error.message : String(error)}`));
    }
  };
}

function failure(error: ApiError): ApiReply {
  return { ok: false, error: error.toJSON() };
}

/** One line: each issue as `path: message`, the path in dotted form (`messages.0.role`). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'argument'}: ${issue.message}`)
    .join('; ');
}
