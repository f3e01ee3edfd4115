// Chat Completions' chunk checks (docs/diagnostics.md, "Chunks"), in the order their findings of
// one severity are listed. Re-exports and the list only.

import type { ChatCheck } from './context.ts';
import { errors } from './errors.ts';
import { finish } from './finish.ts';
import { message } from './message.ts';
import { metadata } from './metadata.ts';
import { tools } from './tools.ts';
import { usage } from './usage.ts';

export const CHAT_CHECKS: readonly ChatCheck[] = [errors, finish, message, tools, usage, metadata];

export type { ChatCheck, ChatCheckContext, ChatCode, ChatDiagnostic, ChatEvent } from './context.ts';
export { STANDARD_FINISH_REASONS } from './finish.ts';
