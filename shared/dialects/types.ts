// The one small interface a streaming dialect implements (docs/architecture.md, "Dialects"): what depends on the dialect — interpreting one SSE event, putting it in words,
// folding it into the object a client ends with, the dialect's own findings, and which events
// carry a token — lives behind it; the transport (bytes, reads, SSE, timing, the transport
// diagnostics) stays one and knows only this interface. Adding a dialect is adding a folder.
//
// Chat Completions (shared/dialects/chat) fits it as it stands: interpretEvent is `interpret`, annotate
// is `annotate`, fold.ts's tokensOf(ops) is `tokens`, createAccumulator wrapped so that `apply`
// passes `interpretation.ops` on is `createAccumulator`, toChoices is `final`, `state.usage` is
// `usage`, and its chunk checks (chat/diagnostics/) are `diagnose`: chat/dialect.ts is that
// adapter, and chat/dialect.test.ts shows it reads every real stream as the analysis does.

import type { CatalogueEntry, Finding } from '../findings/finding.ts';
import type { AnnotateOptions } from './kit/quote.ts';
import type { DialectDrops } from './kit/drops.ts';
import type { BodyInputs, BuiltBody } from './kit/request-body.ts';
import type { DialectSnippet } from './kit/snippet.ts';
import type { Recording } from '../recording/types.ts';
import type { FramedMessage, FramingName, MessageFields } from '../framing/types.ts';
import type { Identity } from './kit/identity.ts';
import type { EventKeeper, KeptEvent, KeptSource } from './kit/kept.ts';
import type { ViewKind } from './kit/view.ts';

/**
 * The dialects' names, as `inspect --json` names them in `"protocol"`: each dialect's folder adds
 * its own to this interface (its descriptor.ts), so the type grows with the folders registered
 * (registry.ts), with no list of names kept here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member a dialect
export interface DialectProtocols {}

export type Protocol = keyof DialectProtocols & string;

/**
 * Each dialect's codes, by its protocol: its catalogue.ts adds them (declaration merging), so the
 * codes a finding may carry grow with the folders registered.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member a dialect
export interface DialectCodes {}

export type DialectCode = DialectCodes[keyof DialectCodes] & string;

/**
 * What the rest of the product knows of a dialect without reading its events: its names, its
 * request path, how a stream of it is told, and the words for what it ends with. One per dialect
 * folder (descriptor.ts); every table of dialect facts is read from these.
 */
export interface DialectDescriptor {
  readonly protocol: Protocol;
  /** As people name it: the recording header, compare, the request editor, the CLI's reports. */
  readonly name: string;
  /** Shorter, where the context already says what it is (the replay's and the exports' messages). */
  readonly shortName: string;
  /** The word a user types for it (`inspect --protocol`, `record --api`). */
  readonly word: string;
  /** The path the official SDK posts to under its default base URL. */
  readonly path: string;
  /** A request path ending so asks for this dialect, whatever comes before it (with or without /v1). */
  readonly pathEnding: string;
  /**
   * What a request for `model` posts to under a base URL that ends in the version (`…/v1`), query
   * included: `pathEnding` for a dialect whose body names the model; Gemini's names it in the path
   * (`/models/MODEL:streamGenerateContent?alt=sse`).
   */
  endpoint(model: string): string;
  /** The model a request path names (Gemini's `…/models/MODEL:…`), or null for a dialect whose body's `model` names it. */
  modelOfPath(path: string): string | null;
  /** The request body's members a recording is matched on (replay/match.ts), in the order messages name them. */
  readonly matchedOn: readonly string[];
  /** Whether one event's parsed JSON payload is this dialect's (detect.ts asks every dialect, in registry order). */
  claimsPayload(json: Readonly<Record<string, unknown>>): boolean;
  /** Whether an SSE event name is this dialect's, when no payload told (e.g. a payload cut short). */
  claimsEventName(name: string): boolean;
  /** The object a client ends with, in words. */
  readonly final: {
    /** A heading: `Message`, `Response`. */
    readonly title: string;
    /** In a sentence: `message`, `response`. */
    readonly noun: string;
    /** The official SDK's call that returns it. */
    readonly sdkCall: string;
    /**
     * `choices`: a list of choices, each a message (Chat Completions' ChoiceMessage[], which the
     * analysis also holds as `Analysis.choices` and `state`), shown choice by choice; `object`:
     * one object, shown whole (the HTML report, export/html/message.ts).
     */
    readonly shape: 'choices' | 'object';
    /** The member `inspect --json` prints it as (the contract's `response`, `message`); null when the contract's `choices` hold it. */
    readonly member: string | null;
  };
  /** The official SDK a client of it uses, as the replay's snippets name it and install it. */
  readonly sdk: {
    /** In a sentence: `the official openai SDK`. */
    readonly name: string;
    /** Its npm package. */
    readonly npm: string;
    /** Its PyPI package. */
    readonly pip: string;
  };
  /** The usage member that counts output tokens (tokens per second needs it). */
  readonly outputTokensField: string;
  /**
   * The data of the event that ends a complete stream, when the dialect has one: Chat Completions'
   * `[DONE]`. The framing checks then look for it (`no-done`, `after-done`); a dialect that ends
   * with a terminal event of its own (null) says so in its own checks.
   */
  readonly sentinel: string | null;
  /**
   * How its bodies are framed (framing/registry.ts): what the analysis parses a body in once the
   * dialect is known before the first byte (its request path, `--protocol`). Absent: SSE.
   */
  readonly framing?: FramingName;
  /**
   * Other framings its bodies come in, each read when the response's content-type names it, with
   * what such a body is — for a framing that is no event stream, why it is not the stream asked for
   * (not-event-stream's reason): Gemini's JSON array, sent when the request lacks `alt=sse`;
   * Anthropic's events in Bedrock's event-stream chunks. Absent: none.
   */
  readonly alsoFramed?: Partial<Readonly<Record<FramingName, string>>>;
  /**
   * The kinds of its own reading of an event (DialectInterpretation.kind) that end a complete
   * stream: Chat Completions' `done` (`[DONE]`), the Responses terminal event, Anthropic's
   * `message_stop`. Gateway mode asks whether a gateway dropped it (shared/conformance/gateway/).
   */
  readonly terminalKinds: readonly string[];
  /** How its official SDK sends a key when no provider profile says (the recorder): `Authorization: Bearer KEY`, or the key in `x-api-key` (Anthropic's) or `x-goog-api-key` (Google's). */
  readonly auth: 'bearer' | 'x-api-key' | 'x-goog-api-key';
  /** The headers its requests carry unless given (the recorder): Anthropic's `anthropic-version`, without which its API refuses a request. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * false when its endpoint streams by itself and its API refuses a body's `stream` member
   * (Bedrock's converse-stream: "extraneous key [stream] is not permitted"); the recorder sends
   * `stream: true` otherwise.
   */
  readonly streamMember?: false;
  /**
   * The request member that asks for the usage in the stream, as JSON (Chat Completions'
   * `"stream_options": {"include_usage": true}`), or null when every stream of it carries its
   * usage: `record --no-usage` is for a dialect that has one, and the HTML report names it.
   */
  readonly usageRequest: string | null;
  /**
   * How the answer ended, read from the final object: one reason a choice (Chat Completions'
   * finish_reason), else one for the whole (Responses' status, Anthropic's stop_reason); the
   * store's finish reasons. Total: any value, however broken, gives a list.
   */
  endReasons(final: unknown): (string | null)[];
  /** The replay's own errors (no match, a wrong method, bad JSON, the status fault), in its provider's shape, so that its official SDK raises its own error class (replay/errors.ts). */
  readonly errors: {
    /** The JSON body of an error answered with `status`, from the error in OpenAI's shape (`{message, type, param, code}`). */
    body(status: number, error: { readonly message: string; readonly type: string; readonly param: string | null; readonly code: string | null }): string;
    /** The message of the 400 for a request body that is not JSON, as its provider words it. */
    readonly badJson: string;
  };
  /**
   * Whether `--format aimock` writes a fixture of it: aimock rebuilds this dialect's stream from a
   * fixture chunk by chunk (export/aimock-plan.ts); of the others it writes every event itself,
   * so the file says why it holds none (export/aimock.ts).
   */
  readonly aimock: boolean;
  /** How the test-fixture exports (openai-test, msw) declare what Streamscope reassembled (export/fixture-module.ts). */
  readonly fixture: {
    /** The TypeScript declarations of the value's type. */
    readonly types: string;
    /** The doc comment above the value. */
    readonly comment: string;
    /** The value's name and type: `expectedResponse: ExpectedResponse`. */
    readonly declaration: string;
    /** The value, from the final object (total: null, from a stream whose dialect could not be told, gives one too). */
    value(final: unknown): unknown;
    /** Lines after `expectedUsage` (Chat Completions': choice 0's message). */
    readonly after: readonly string[];
  };
}

// The kinds of token an event carries, as bits (the same values as TOKEN_* in analysis/fold.ts,
// which the metrics read): the first event with any bit set is the "first token" (ttft_ms).
export const TOKEN_CONTENT = 1;
export const TOKEN_REASONING = 2;
export const TOKEN_REFUSAL = 4;
/** A fragment of a tool call's arguments. */
export const TOKEN_TOOL = 8;

/**
 * What every dialect's reading of one event has. `kind` uses the same words as Chat Completions
 * for what the transport checks look at — `comment`, `no-data`, `invalid-json` (with a problem
 * `{ code: 'invalid-json', message }`), `malformed`, `error`, and `done` for `data: [DONE]`, at
 * which a client stops reading (the fold stops accumulating) — and the dialect's own words for the rest.
 */
export interface DialectInterpretation {
  readonly kind: string;
  /** The operations the event applies to a client's state, in the dialect's own types. */
  readonly ops: readonly unknown[];
  /** What is malformed about the event; DialectProblem's two codes at least (Chat Completions has two more). */
  readonly problems: readonly { readonly code: string }[];
}

/** What is wrong with one event, as data (nothing in a dialect throws on bad input). */
export type DialectProblem =
  | { readonly code: 'invalid-json'; readonly message: string }
  /** JSON nested deeper than MAX_JSON_DEPTH: not read, since the walks over it (and JSON.stringify) recurse. */
  | { readonly code: 'json-too-deep'; readonly message: string }
  | { readonly code: 'wrong-type'; readonly path: string; readonly expected: string; readonly got: string };

/**
 * Each dialect's problems beyond DialectProblem, by its protocol: its interpret.ts adds them
 * (declaration merging), so the problems the views describe grow with the folders registered.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member a dialect
export interface DialectProblems {}

/** A problem of any dialect's, as the views list it. */
export type AnyDialectProblem = DialectProblem | DialectProblems[keyof DialectProblems];

/** The state a correct client holds, built one event at a time (the scrubber forks it at checkpoints). */
export interface DialectAccumulator<I, S> {
  /** Applies event number `event` (its index among the body's events). */
  apply(event: number, interpretation: I): void;
  readonly state: S;
  /** An independent accumulator starting from a copy of this one's state. */
  fork(): DialectAccumulator<I, S>;
}

/** An analysed event as the checks see it (analysis/stream.ts's AnalyzedEvent has these). */
export interface DialectEventView<I> {
  readonly sse: FramedMessage;
  readonly interpretation: I;
  readonly tokens: number;
}

/** What a dialect's checks may look at. analysis/diagnostics/context.ts's DiagnosticContext has all of it. */
export interface DialectContext<I, S> {
  readonly recording: Recording;
  readonly events: readonly DialectEventView<I>[];
  readonly state: S;
  /** False while the recording is under way: end-of-stream checks wait for the end. */
  readonly ended: boolean;
  /**
   * What the body's end left unframed (the framing's partial: SSE's lines no blank line
   * dispatched), as text, with where it lies and the reads holding it; null when nothing was, or
   * while the body has not ended. Gemini's JSON error written raw after its events is one.
   */
  readonly tail?: UnframedTail | null;
}

/** Bytes at the end of a body that its framing could not frame, read as UTF-8 (at most MAX_TAIL_CHARS of them). */
export interface UnframedTail {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The reads holding it, first to last. */
  readonly reads: readonly number[];
}

/** The most of an unframed tail a dialect is handed to read: an error object is short, and a cut stream's tail may be megabytes. */
export const MAX_TAIL_CHARS = 16_384;

/**
 * A finding of a dialect: a stable code of its catalogue (its catalogue.ts), the severity, a
 * message, the hint — the fix —, and the events that show it.
 */
export type DialectDiagnostic = Finding<DialectCode>;

/** How an annotation quotes text (kit/quote.ts). */
export type { AnnotateOptions };

/**
 * One dialect. `I`: its interpretation of an event; `S`: the accumulated state; `F`: the final
 * object, shaped as the official SDK's stream helper ends with it on a well-formed stream.
 */
export interface Dialect<I extends DialectInterpretation, S, F> {
  /** null for the raw reading of a stream whose dialect could not be told (raw.ts). */
  readonly protocol: Protocol | null;
  /** Reads one SSE event. Total: any event, however broken, gets an interpretation. */
  interpret(event: MessageFields): I;
  /** One line of words for one event: what it changed, in the notation a developer would write. */
  annotate(event: MessageFields, interpretation: I, options?: AnnotateOptions): string;
  /** The TOKEN_* bits of the event: first text, refusal, reasoning or tool-argument delta. */
  tokens(interpretation: I): number;
  createAccumulator(): DialectAccumulator<I, S>;
  /** The final object so far (with no terminal event, what accumulated until then). */
  final(state: S): F;
  /** The usage as the provider sent it (the contract's top-level `usage` repeats it), or null. */
  usage(state: S): Record<string, unknown> | null;
  /** The dialect's findings, each with its evidence (event numbers) and its fix. */
  diagnose(context: DialectContext<I, S>): DialectDiagnostic[];
  /** The codes `diagnose` reports (its catalogue.ts): their severity, title and fix. */
  readonly catalogue: Readonly<Record<string, CatalogueEntry>>;
  /** Its own kinds' nearest kind in the views' words (kit/view.ts); the kinds every dialect names alike are mapped there. */
  readonly viewKinds: Readonly<Record<string, ViewKind>>;
  /**
   * Optional: how one analysis reads and keeps this dialect's events, when the dialect does it
   * faster or smaller than the fold's generic way (kit/kept.ts; Chat Completions' compact events).
   */
  keeper?(source: KeptSource): EventKeeper<I>;
  /** Optional: who answered, read from the analysed events; by default from the final object (kit/identity.ts). */
  identity?(events: readonly KeptEvent[]): Identity;
  /**
   * Optional: whether an analysed event counts among the contract's chunks; by default one whose
   * data is a JSON object of the dialect's (analysis/contract.ts).
   */
  isChunk?(event: KeptEvent): boolean;
  /**
   * Optional: what `inspect --json` prints after the final object, read from the state — figures a
   * platform reported beside the dialect's own (Anthropic's `invocation_metrics`: Bedrock's count on
   * an invoke stream); none when absent or empty (analysis/contract.ts).
   */
  contractMembers?(state: S): Readonly<Record<string, unknown>>;
  /**
   * Optional: the event that finished the response (the timeline's `finish` marker), read from the
   * state, or -1; by default the first event of the view kind `finish`.
   */
  finishEvent?(state: S): number;
}

/** Any dialect, as the fold and the views hold it: its interpretation, state and final object unknown to them. */
export type AnyDialect = Dialect<DialectInterpretation, unknown, unknown>;

/** A dialect as registered (registry.ts): its reading of events, its descriptor, its request body. */
export interface RegisteredDialect<I extends DialectInterpretation = DialectInterpretation, S = unknown, F = unknown> extends Dialect<I, S, F> {
  readonly protocol: Protocol;
  readonly descriptor: DialectDescriptor;
  /** A streamed request's body in the dialect from the recorder's inputs (request.ts), or why it cannot be made. */
  buildRequest(inputs: BodyInputs): BuiltBody;
  /** The replay's faults that leave out what a client needs: the end, the finish reason, the usage (its drops.ts). */
  readonly drops: DialectDrops;
  /** How a program asks a replay server for a recording of it, in its official SDK or curl (its snippet.ts). */
  readonly snippet: DialectSnippet;
}
