// Turns Chat Completions' steps into what the server does: the bytes of each
// write and the wait before it, a dropped connection, or one non-streamed
// response. Pure: the same steps, request and seeds give the same plan.

import { chunkJson, commentEvent, dataEvent, deltaText, padding, usageOf } from './chunks.ts';
import type { Identity, Usage } from './chunks.ts';
import { foldCompletion } from './completion.ts';
import { errorJson } from '../errors.ts';
import type { ChatRequest } from './request.ts';
import type { Action, Plan } from '../plan.ts';
import type { ChatScript, Step } from './script.ts';
import { delayFor } from '../timing.ts';
import type { PaceOptions, Rng } from '../timing.ts';

export interface PlanInput {
  readonly script: ChatScript;
  readonly request: ChatRequest;
  readonly identity: Identity;
  readonly pace: PaceOptions;
  /** Draws the waits. */
  readonly timingRng: Rng;
  /** Draws the obfuscation padding. */
  readonly paddingRng: Rng;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export function planResponse(input: PlanInput): Plan {
  const { script, request, pace, timingRng } = input;
  if (script.kind === 'error') {
    return { kind: 'response', delayMs: delayFor(script.pace, pace, timingRng), status: script.status, headers: { ...JSON_HEADERS, ...script.headers }, body: errorJson(script.error) };
  }
  if (script.kind === 'completion' || !request.stream) return planCompletion(input, script.steps);
  return { kind: 'stream', actions: planStream(input, script.steps, script.eol ?? '\n'), buffered: script.delivery === 'buffered' };
}

function planStream(input: PlanInput, steps: readonly Step[], eol: string): Action[] {
  const { request, identity, pace, timingRng, paddingRng } = input;
  const usage = usageFor(steps, request);
  const pad = (text: string | null): string | null => (request.includeObfuscation ? padding(paddingRng, text) : null);
  // OpenAI puts `usage: null` on every chunk before the usage chunk, when usage was requested.
  const placeholder = request.includeUsage ? null : undefined;
  const actions: Action[] = [];
  for (const step of steps) {
    const delayMs = delayFor(step.pace, pace, timingRng);
    const lineEnd = step.eol ?? eol;
    switch (step.type) {
      case 'chunk': {
        const json = chunkJson(identity, { choices: [{ index: step.choice, delta: step.delta, finish: step.finish }], usage: step.usage === true && request.includeUsage ? usage : placeholder, obfuscation: pad(deltaText(step.delta)) });
        actions.push({ kind: 'write', delayMs, text: dataEvent(step.corrupt ? json.slice(0, Math.floor(json.length / 2)) : json, lineEnd) });
        break;
      }
      case 'usage':
        if (request.includeUsage) actions.push({ kind: 'write', delayMs, text: dataEvent(chunkJson(identity, { choices: [], usage, obfuscation: pad(null) }), lineEnd) });
        break;
      case 'comment':
        actions.push({ kind: 'write', delayMs, text: commentEvent(step.text, lineEnd) });
        break;
      case 'error':
        actions.push({ kind: 'write', delayMs, text: dataEvent(errorJson(step.error), lineEnd) });
        break;
      case 'done':
        actions.push({ kind: 'write', delayMs, text: dataEvent('[DONE]', lineEnd) });
        break;
      case 'drop':
        actions.push({ kind: 'drop', delayMs });
        break;
    }
  }
  return actions;
}

/** A non-streamed answer arrives when the whole stream would have ended. */
function planCompletion(input: PlanInput, steps: readonly Step[]): Plan {
  const { request, identity, pace, timingRng } = input;
  let delayMs = 0;
  for (const step of steps) {
    delayMs += delayFor(step.pace, pace, timingRng);
    if (step.type === 'drop') return { kind: 'drop', delayMs };
    if (step.type === 'error') return { kind: 'response', delayMs, status: 500, headers: JSON_HEADERS, body: errorJson(step.error) };
  }
  return { kind: 'response', delayMs, status: 200, headers: JSON_HEADERS, body: JSON.stringify(foldCompletion(identity, steps, usageFor(steps, request))) };
}

function usageFor(steps: readonly Step[], request: ChatRequest): Usage {
  let completion = 0;
  let reasoning = 0;
  for (const step of steps) {
    if (step.type !== 'chunk') continue;
    completion += step.tokens;
    if (step.reasoning) reasoning += step.tokens;
  }
  return usageOf(request.promptTokens, completion, reasoning);
}
