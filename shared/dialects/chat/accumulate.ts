// The state a correct client holds, built one event at a time.
//
// Rules (docs/architecture.md, "The stream"): role comes once; content, refusal and
// reasoning are separate string channels, concatenated in order; tool-call
// fragments are keyed by `index` (id, type and name first, then pieces of
// arguments); the finish reason comes last; usage may come on any chunk, and
// the last one wins (some providers send cumulative usage on every chunk).
// Where a provider leaves out a tool call's `index`, a fragment that names a
// call starts a new one and a bare fragment continues the last call of its
// choice — what a tolerant client has to do.

import type { Op, TextOp, ToolOp } from './ops.ts';
import { pushAll } from '../../push-all.ts';

export interface ArgumentFragment {
  readonly event: number;
  readonly text: string;
}

export interface ToolCallState {
  /** `index` as sent, or assigned in arrival order when the provider sent none. */
  readonly index: number;
  readonly indexAssigned: boolean;
  id: string | null;
  type: string | null;
  name: string | null;
  arguments: string;
  readonly fragments: ArgumentFragment[];
  /** Every event that carried a fragment of this call. */
  readonly events: number[];
}

export interface ChoiceState {
  readonly index: number;
  role: string | null;
  roleEvents: number;
  content: string | null;
  refusal: string | null;
  reasoning: string | null;
  readonly toolCalls: Map<number, ToolCallState>;
  /** The call that a fragment without `index` continues. */
  lastCall: ToolCallState | null;
  /** The deprecated single `function_call`, when the server used it. */
  functionCall: { name: string | null; arguments: string } | null;
  finishReason: string | null;
  readonly finishEvents: number[];
  /** Events that changed the message, or the finish reason, after the choice had finished. */
  readonly afterFinish: number[];
  /** Events carrying `content: ""`, other than the opening role chunk. */
  readonly emptyContentEvents: number[];
  logprobs: { content: unknown[] | null; refusal: unknown[] | null } | null;
  readonly firstEvent: number;
  lastEvent: number;
}

export interface StreamState {
  readonly choices: Map<number, ChoiceState>;
  usage: Readonly<Record<string, unknown>> | null;
}

export interface Accumulator {
  /** Applies the operations of event number `event`. */
  apply(event: number, ops: readonly Op[]): void;
  readonly state: StreamState;
  /** An independent accumulator that starts from a copy of this one's state (the scrubber's checkpoints). */
  fork(): Accumulator;
}

export function createAccumulator(): Accumulator {
  return new Fold();
}

/** Pieces joined into one string at a time: few enough for the strings to die young, enough to keep few. */
const RUN = 1024;

/**
 * A text channel's pieces, joined when read. Concatenated as they come, a hundred thousand tokens
 * would be a rope of as many string objects for the garbage collector to keep and copy; kept in
 * one list, as many slots and one large join at the end. So every RUN pieces are joined into one.
 */
class Pieces {
  private runs: string[] = [];
  private pending: string[] = [];
  private empty = true;

  get value(): string | null {
    if (this.empty) return null;
    if (this.pending.length > 0) {
      this.runs.push(this.pending.length === 1 ? this.pending[0]! : this.pending.join(''));
      this.pending = [];
    }
    if (this.runs.length > 1) this.runs = [this.runs.join('')];
    return this.runs[0]!;
  }

  set value(text: string | null) {
    this.runs = text === null ? [] : [text];
    this.pending = [];
    this.empty = text === null;
  }

  append(piece: string): void {
    this.empty = false;
    this.pending.push(piece);
    if (this.pending.length === RUN) {
      this.runs.push(this.pending.join(''));
      this.pending = [];
    }
  }
}

/** A choice's text channels, which its state object reads through accessors. */
interface Channels {
  readonly content: Pieces;
  readonly refusal: Pieces;
  readonly reasoning: Pieces;
}

function newChoice(index: number, event: number, channels: Channels): ChoiceState {
  const { content, refusal, reasoning } = channels;
  return {
    index,
    role: null,
    roleEvents: 0,
    get content() {
      return content.value;
    },
    set content(text) {
      content.value = text;
    },
    get refusal() {
      return refusal.value;
    },
    set refusal(text) {
      refusal.value = text;
    },
    get reasoning() {
      return reasoning.value;
    },
    set reasoning(text) {
      reasoning.value = text;
    },
    toolCalls: new Map(),
    lastCall: null,
    functionCall: null,
    finishReason: null,
    finishEvents: [],
    afterFinish: [],
    emptyContentEvents: [],
    logprobs: null,
    firstEvent: event,
    lastEvent: event,
  };
}

/** The accumulator. A class for speed: V8 keeps the optimised code of methods from one analysis to the next. */
class Fold implements Accumulator {
  readonly state: StreamState = { choices: new Map(), usage: null };
  private readonly channels = new Map<number, Channels>();
  // The choices an event changed after their finish reason: scratch, reused from event to event.
  private readonly changedAfterFinish: ChoiceState[] = [];

  private choiceOf(index: number, event: number): ChoiceState {
    let choice = this.state.choices.get(index);
    if (!choice) {
      const channels: Channels = { content: new Pieces(), refusal: new Pieces(), reasoning: new Pieces() };
      this.channels.set(index, channels);
      choice = newChoice(index, event, channels);
      this.state.choices.set(index, choice);
    }
    choice.lastEvent = event;
    return choice;
  }

  fork(): Accumulator {
    const copy = new Fold();
    copy.state.usage = this.state.usage;
    for (const [index, choice] of this.state.choices) {
      const channels = this.channels.get(index)!;
      const copied: Channels = { content: new Pieces(), refusal: new Pieces(), reasoning: new Pieces() };
      // Strings are immutable: the copy shares the text and appends to its own pieces.
      copied.content.value = channels.content.value;
      copied.refusal.value = channels.refusal.value;
      copied.reasoning.value = channels.reasoning.value;
      copy.channels.set(index, copied);
      const twin = newChoice(index, choice.firstEvent, copied);
      twin.role = choice.role;
      twin.roleEvents = choice.roleEvents;
      twin.functionCall = choice.functionCall && { ...choice.functionCall };
      twin.finishReason = choice.finishReason;
      twin.lastEvent = choice.lastEvent;
      twin.logprobs = choice.logprobs && { content: choice.logprobs.content?.slice() ?? null, refusal: choice.logprobs.refusal?.slice() ?? null };
      append(twin.finishEvents, choice.finishEvents);
      append(twin.afterFinish, choice.afterFinish);
      append(twin.emptyContentEvents, choice.emptyContentEvents);
      for (const [callIndex, call] of choice.toolCalls) {
        const callCopy: ToolCallState = { ...call, fragments: call.fragments.slice(), events: call.events.slice() };
        twin.toolCalls.set(callIndex, callCopy);
        if (choice.lastCall === call) twin.lastCall = callCopy;
      }
      copy.state.choices.set(index, twin);
    }
    return copy;
  }

  apply(event: number, ops: readonly Op[]): void {
    if (ops.length === 0) return;
    const { state, changedAfterFinish } = this;
    changedAfterFinish.length = 0;

    for (const op of ops) {
      switch (op.type) {
        case 'usage':
          state.usage = op.usage;
          break;
        case 'error':
          break;
        case 'role': {
          const choice = this.choiceOf(op.choice, event);
          if (choice.role === null) choice.role = op.role;
          choice.roleEvents++;
          break;
        }
        case 'text': {
          const choice = this.choiceOf(op.choice, event);
          appendText(choice, this.channels.get(op.choice)!, op, event, op.text === '' && hasRole(ops, op.choice));
          if (op.text !== '' && choice.finishReason !== null) changedAfterFinish.push(choice);
          break;
        }
        case 'tool': {
          const choice = this.choiceOf(op.choice, event);
          const carries = applyTool(choice, op, event);
          if (carries && choice.finishReason !== null) changedAfterFinish.push(choice);
          break;
        }
        case 'function_call': {
          const choice = this.choiceOf(op.choice, event);
          const call = (choice.functionCall ??= { name: null, arguments: '' });
          if (op.name && call.name === null) call.name = op.name;
          if (op.arguments) call.arguments += op.arguments;
          if ((op.name || op.arguments) && choice.finishReason !== null) changedAfterFinish.push(choice);
          break;
        }
        case 'finish': {
          const choice = this.choiceOf(op.choice, event);
          if (choice.finishReason !== null && choice.finishReason !== op.reason) changedAfterFinish.push(choice);
          choice.finishReason = op.reason;
          choice.finishEvents.push(event);
          break;
        }
        case 'logprobs': {
          const choice = this.choiceOf(op.choice, event);
          choice.logprobs ??= { content: null, refusal: null };
          if (op.content) pushAll((choice.logprobs.content ??= []), op.content);
          if (op.refusal) pushAll((choice.logprobs.refusal ??= []), op.refusal);
          break;
        }
      }
    }
    // Each changed choice once, however many of its fragments the event carried.
    for (let i = 0; i < changedAfterFinish.length; i++) {
      const choice = changedAfterFinish[i]!;
      if (changedAfterFinish.indexOf(choice) === i) choice.afterFinish.push(event);
    }
  }
}

/** Pushes one by one: spreading a long list into push() overflows the stack. */
function append<T>(to: T[], from: readonly T[]): void {
  for (const item of from) to.push(item);
}

function hasRole(ops: readonly Op[], choice: number): boolean {
  return ops.some((op) => op.type === 'role' && op.choice === choice);
}

function appendText(choice: ChoiceState, channels: Channels, op: TextOp, event: number, withRole: boolean): void {
  switch (op.channel) {
    case 'content':
      if (op.text === '') {
        // The opening `{"role":"assistant","content":""}` is OpenAI's own shape, not a spurious write.
        if (!(withRole && choice.roleEvents === 1 && choice.content === null)) choice.emptyContentEvents.push(event);
        return;
      }
      channels.content.append(op.text);
      return;
    case 'refusal':
      if (op.text !== '') channels.refusal.append(op.text);
      return;
    case 'reasoning':
      if (op.text !== '') channels.reasoning.append(op.text);
      return;
  }
}

/** Applies one tool-call fragment; true when it carried something beyond repeated headers. */
function applyTool(choice: ChoiceState, op: ToolOp, event: number): boolean {
  const call = callFor(choice, op);
  call.events.push(event);
  choice.lastCall = call;
  let carries = false;

  // The first non-empty id, type and name stand; repeats (TGI) and empty strings (Alibaba, LM Studio) change nothing.
  if (op.id && call.id === null) {
    call.id = op.id;
    lookupOf(choice).named(call);
    carries = true;
  }
  if (op.callType && call.type === null) call.type = op.callType;
  if (op.name && call.name === null) {
    call.name = op.name;
    carries = true;
  }
  if (typeof op.arguments === 'string' && op.arguments !== '') {
    call.arguments += op.arguments;
    call.fragments.push({ event, text: op.arguments });
    carries = true;
  }
  return carries;
}

function callFor(choice: ChoiceState, op: ToolOp): ToolCallState {
  if (op.index !== null) {
    return choice.toolCalls.get(op.index) ?? newCall(choice, op.index, false);
  }
  const lookup = lookupOf(choice);
  if (op.id) {
    const call = lookup.byId.get(op.id);
    if (call) return call;
  }
  const names = Boolean(op.id) || Boolean(op.name);
  if (!names && choice.lastCall) return choice.lastCall;
  return newCall(choice, lookup.nextIndex(choice.toolCalls), true);
}

/**
 * A choice's calls found without going over them all, so that a stream of many calls without
 * index costs no more than its length: by id, and the index after the highest one sent.
 */
class CallLookup {
  /** Each id's call: the first made that has it, as a search in order of making would find it. */
  readonly byId = new Map<string, ToolCallState>();
  private readonly made = new Map<ToolCallState, number>();
  /** One more than the highest index sent, where that is a number (2**53 - 1 and 1e300 have none: one more is the same number). */
  private after = 0;
  /** No index below it is free: where a search for a free one starts again. */
  private lowestFree = 0;

  added(call: ToolCallState): void {
    this.made.set(call, this.made.size);
    if (call.index >= this.after && Number.isSafeInteger(call.index + 1)) this.after = call.index + 1;
    this.named(call);
  }

  named(call: ToolCallState): void {
    if (call.id === null) return;
    const known = this.byId.get(call.id);
    if (!known || this.made.get(call)! < this.made.get(known)!) this.byId.set(call.id, call);
  }

  /** Where a call without index goes: after the highest index, else (taken, as after 2**53 - 2 and 2**53 - 1) the lowest free one. */
  nextIndex(calls: ReadonlyMap<number, ToolCallState>): number {
    if (!calls.has(this.after)) return this.after;
    while (calls.has(this.lowestFree)) this.lowestFree++;
    return this.lowestFree;
  }
}

const lookups = new WeakMap<ChoiceState, CallLookup>();

/** The choice's lookup, made from its calls the first time (a fork's choices start without one). */
function lookupOf(choice: ChoiceState): CallLookup {
  let lookup = lookups.get(choice);
  if (!lookup) {
    lookup = new CallLookup();
    for (const call of choice.toolCalls.values()) lookup.added(call);
    lookups.set(choice, lookup);
  }
  return lookup;
}

function newCall(choice: ChoiceState, index: number, indexAssigned: boolean): ToolCallState {
  const call: ToolCallState = {
    index,
    indexAssigned,
    id: null,
    type: null,
    name: null,
    arguments: '',
    fragments: [],
    events: [],
  };
  choice.toolCalls.set(index, call);
  lookups.get(choice)?.added(call);
  return call;
}
