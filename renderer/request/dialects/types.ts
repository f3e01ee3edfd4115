// What the new-request editor knows of a dialect, behind one interface (docs/architecture.md, "The
// renderer"): its parameters and their rules, its roles, how it reads a recorded body back into a
// draft, how it checks messages and tools, its tool choice, its stream options, and its words.
// One folder per dialect implements it (./chat/, ./responses/, ./anthropic/); ./registry.ts maps
// each protocol to its dialect, so no field of the editor compares protocol names. Its path and
// name are its shared descriptor's (shared/dialects/registry.ts, descriptorOf).

import type { Protocol } from '../../../shared/dialects/types.ts';
import type { NumberParam } from './kit/params.ts';

/** A request body's members, as parsed. */
export type Json = Record<string, unknown>;

export interface RequestDialect {
  readonly protocol: Protocol;

  /** Its numeric parameters with a field of their own, in the order the editor shows them; the tool_choice field follows them. */
  readonly numbers: readonly NumberParam[];
  /** The token limit filled in when the field is empty, because the API requires one; null: none is. */
  readonly filledLimit: string | null;

  /** The roles the chat editor offers. */
  readonly roles: readonly string[];
  /** Where the body holds the conversation (`messages`, `input`): the editor sets it, so extra JSON may not. */
  readonly conversationField: string;
  /** A note on where the editor's system messages go, after the endpoint's (a leading space; '' none). */
  readonly systemNote: string;

  /** What the recorder sends with this dialect's requests beyond JSON and SSE (electron/backend/recorder/profiles.ts): not the user's own headers. */
  readonly recorderHeaders: Readonly<Record<string, string>>;
  /** Whether a body sent to none of the dialects' paths looks like this dialect's (asked in registry order). */
  claimsBody(fields: Json, headers: Readonly<Record<string, string>>): boolean;
  /**
   * The conversation as the editor holds it, taken out of a recorded body (which loses what is
   * taken): the list of messages, a system field in front as a first system message.
   */
  readConversation(fields: Json): unknown;

  /** What is wrong with one message object, after `Message N: `; null: nothing. */
  messageProblem(message: Json): string | null;
  /** What is wrong with a tool not in Chat Completions' shape (which every dialect takes), after `Tool N: `; null: nothing. */
  toolProblem(tool: Json): string | null;
  /** The tools field's example (the dialect's own shape) and its placeholder. */
  readonly tools: { readonly example: string; readonly placeholder: string };

  readonly toolChoice: {
    /** The modes it names by a word. */
    readonly modes: readonly string[];
    /** Its word for "use some tool" (`required`, `any`): another dialect's is carried over as this. */
    readonly mustUse: string;
    /** A choice as the body writes it: a mode, or one function by its name (the caller checked the text is one). */
    write(text: string): unknown;
    /** A recorded choice as the field's text (a mode or a function's name); null: the field cannot hold it. */
    read(value: unknown): string | null;
  };

  /** The `stream_options` the editor has a field for; null: the dialect has no stream_options. */
  readonly streamOptions: { readonly includeUsage: boolean; readonly includeObfuscation: boolean } | null;
}
