// What a correct client ends with: the message of each choice (content, reasoning and refusal
// as separate channels), its tool calls reassembled, and the usage.

import { descriptorOf } from '../../dialects/registry.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import { describeUsage } from '../../dialects/chat/annotate.ts';
import { checkArguments, describeArgumentsError } from '../../dialects/kit/arguments.ts';
import { usageFields } from '../../dialects/chat/usage-fields.ts';
import type { ChoiceMessage, ToolCallMessage } from '../../dialects/chat/message.ts';
import { html, pre, raw } from './escape.ts';
import type { Html } from './escape.ts';
import { count } from './format.ts';

function channel(label: string, text: string | null, className: string): Html | null {
  if (text === null) return null;
  return html`<h4>${label}</h4>${text === '' ? html`<p class="note">(empty)</p>` : pre(text, `text ${className}`)}`;
}

function toolCallCard(call: ToolCallMessage, fragments: number): Html {
  const check = checkArguments(call.function.arguments);
  const missing = (value: string | null, what: string): Html => (value === null ? html`<span class="bad">(no ${what})</span>` : html`<code>${value}</code>`);
  const args = check.valid
    ? pre(JSON.stringify(check.value, null, 2), 'json')
    : html`${call.function.arguments === '' ? html`<p class="note">(empty arguments)</p>` : pre(call.function.arguments, 'json')}<p class="bad">Not JSON at ${describeArgumentsError(check)}</p>`;
  return html`<article class="card tool"><h4>tool_calls[${call.index}] ${missing(call.function.name, 'name')}</h4><dl class="facts"><dt>id</dt><dd>${missing(call.id, 'id')}</dd><dt>type</dt><dd>${missing(call.type, 'type')}</dd><dt>arguments</dt><dd>${count(fragments, 'fragment')}, ${count(call.function.arguments.length, 'character')}</dd></dl>${args}</article>`;
}

function choiceSection(choice: ChoiceMessage, analysis: Analysis): Html {
  const { message } = choice;
  const state = analysis.state.choices.get(choice.index);
  const finish = choice.finish_reason === null ? html`<span class="bad">no finish_reason</span>` : html`finish_reason <code>${JSON.stringify(choice.finish_reason)}</code>`;
  const calls = (message.tool_calls ?? []).map((call) => toolCallCard(call, state?.toolCalls.get(call.index)?.fragments.length ?? 0));
  const functionCall = message.function_call
    ? html`<h4>function_call (deprecated) <code>${message.function_call.name ?? '(no name)'}</code></h4>${pre(message.function_call.arguments, 'json')}`
    : null;
  const logprobs = choice.logprobs
    ? html`<p class="note">logprobs: ${count(choice.logprobs.content?.length ?? 0, 'content token')}, ${count(choice.logprobs.refusal?.length ?? 0, 'refusal token')}</p>`
    : null;
  return html`<article class="choice" id="choice-${choice.index}"><h3>Choice ${choice.index} · role ${message.role === null ? html`<span class="bad">(none)</span>` : html`<code>${message.role}</code>`} · ${finish}</h3>${channel('reasoning', message.reasoning_content, 'reasoning')}${message.content === null ? html`<h4>content</h4><p class="note">(none: no content delta carried text)</p>` : channel('content', message.content, 'content')}${channel('refusal', message.refusal, 'refusal')}${calls.length > 0 ? html`<h4>tool calls (${calls.length})</h4><div class="cards">${calls}</div>` : null}${functionCall}${logprobs}</article>`;
}

/** Whether the analysis's dialect ends in choices (its descriptor's final shape), which the report shows choice by choice. */
function endsInChoices(analysis: Analysis): boolean {
  return analysis.protocol !== null && descriptorOf(analysis.protocol).final.shape === 'choices';
}

export function messageSection(analysis: Analysis): Html {
  if (!endsInChoices(analysis)) {
    // Another dialect's final object, whole (its own layout of items and blocks is a later step's).
    const body =
      analysis.protocol === null
        ? html`<p class="note">The dialect of this stream could not be told (neither the request path nor the first events name one): its events are shown raw.</p>`
        : html`<p class="note">The ${descriptorOf(analysis.protocol).final.noun} a correct client ends with (as the official SDK's ${descriptorOf(analysis.protocol).final.sdkCall}), reassembled from the events.</p>${pre(JSON.stringify(analysis.final, null, 2), 'json')}`;
    return html`<section id="message"><h2>${analysis.protocol === null ? 'Message' : descriptorOf(analysis.protocol).final.title}</h2>${body}</section>`;
  }
  const choices = analysis.choices.map((choice) => choiceSection(choice, analysis));
  const body = choices.length > 0 ? choices : html`<p class="note">No choice received anything: the stream carried no chunk with a choice.</p>`;
  return html`<section id="message"><h2>Message</h2><p class="note">What a correct client ends with, reassembled from the events.</p>${body}</section>`;
}

function usageRows(usage: Readonly<Record<string, unknown>>): Html[] {
  return usageFields(usage).map(({ path, value }) => html`<tr><th scope="row">${path}</th><td>${value}</td></tr>`);
}

export function usageSection(analysis: Analysis): Html {
  // A dialect that ends in choices (Chat Completions) has its usage from its state, in words too;
  // another's as the provider sent it. The note names the request member that asks for it, if any.
  const chat = endsInChoices(analysis);
  const usage = chat ? analysis.state.usage : analysis.usage;
  const asked = analysis.protocol === null ? null : descriptorOf(analysis.protocol).usageRequest;
  const body = usage
    ? html`${chat ? html`<p>${describeUsage(usage)}</p>` : null}<table class="usage">${usageRows(usage)}</table>`
    : html`<p class="note">No usage in the stream${asked === null ? null : html` (a request asks for it with ${raw(asked)})`}.</p>`;
  return html`<section id="usage"><h2>Usage</h2>${body}</section>`;
}
