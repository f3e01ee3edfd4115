// A scripted stream reassembled into the non-streamed `chat.completion` OpenAI
// returns for `stream: false`: the text channels joined, tool-call fragments
// joined by index, one finish reason per choice.

import type { Identity, Usage } from './chunks.ts';
import type { Step } from './script.ts';

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface Message {
  role: 'assistant';
  content: string | null;
  refusal: string | null;
  reasoning_content?: string;
  tool_calls?: ToolCall[];
  annotations: never[];
}

interface Choice {
  index: number;
  message: Message;
  logprobs: null;
  finish_reason: string | null;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Choice[];
  usage: Usage;
  service_tier: 'default';
  system_fingerprint: string;
}

export function foldCompletion(identity: Identity, steps: readonly Step[], usage: Usage): ChatCompletion {
  const choices = new Map<number, Choice>();
  const calls = new Map<number, Map<number, ToolCall>>();
  for (const step of steps) {
    if (step.type !== 'chunk') continue;
    let choice = choices.get(step.choice);
    if (!choice) {
      choice = { index: step.choice, message: { role: 'assistant', content: null, refusal: null, annotations: [] }, logprobs: null, finish_reason: null };
      choices.set(step.choice, choice);
      calls.set(step.choice, new Map());
    }
    const { delta } = step;
    const message = choice.message;
    if (typeof delta.content === 'string' && delta.content !== '') message.content = (message.content ?? '') + delta.content;
    if (typeof delta.refusal === 'string' && delta.refusal !== '') message.refusal = (message.refusal ?? '') + delta.refusal;
    if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') message.reasoning_content = (message.reasoning_content ?? '') + delta.reasoning_content;
    if (Array.isArray(delta.tool_calls)) {
      const byIndex = calls.get(step.choice)!;
      for (const fragment of delta.tool_calls as { index: number; id?: string; function?: { name?: string; arguments?: string } }[]) {
        let call = byIndex.get(fragment.index);
        if (!call) {
          call = { id: '', type: 'function', function: { name: '', arguments: '' } };
          byIndex.set(fragment.index, call);
        }
        if (fragment.id) call.id = fragment.id;
        if (fragment.function?.name) call.function.name = fragment.function.name;
        call.function.arguments += fragment.function?.arguments ?? '';
      }
    }
    if (step.finish !== null) choice.finish_reason = step.finish;
  }
  for (const [index, byIndex] of calls) {
    if (byIndex.size > 0) choices.get(index)!.message.tool_calls = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  }
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [...choices.values()].sort((a, b) => a.index - b.index),
    usage,
    service_tier: 'default',
    system_fingerprint: identity.systemFingerprint,
  };
}
