// What one ConverseStream event does to a client's state, in the AWS SDK's own names
// (@aws-sdk/client-bedrock-runtime, ConverseStreamOutput): the message's role, a content block's
// start, its deltas by kind, its stop, the message's stop and the metadata; an exception or error
// frame; an event type the SDK does not know. Payloads are kept as sent, never mutated.

type Json = Readonly<Record<string, unknown>>;

/** One member of a contentBlockDelta's `delta` (a union: one member a delta, each read on its own). */
export type DeltaOp =
  | { readonly type: 'text'; readonly text: string }
  /** `toolUse.input`: a fragment of the tool's input JSON. */
  | { readonly type: 'tool-input'; readonly input: string }
  | { readonly type: 'reasoning-text'; readonly text: string }
  | { readonly type: 'signature'; readonly signature: string }
  /** `reasoningContent.redactedContent`: base64 of opaque bytes. */
  | { readonly type: 'redacted'; readonly redactedContent: string }
  /** `toolResult`: a list of `{text}` / `{json}` items, kept whole. */
  | { readonly type: 'tool-result'; readonly items: readonly unknown[] }
  /** `citation`: a CitationsDelta, kept whole. */
  | { readonly type: 'citation'; readonly citation: Json }
  /** `image`: an ImageBlockDelta (source, error), kept whole. */
  | { readonly type: 'image'; readonly image: Json }
  /** Any member a newer API sends, kept whole under its name. */
  | { readonly type: 'other'; readonly key: string; readonly value: unknown };

export type ConverseOp =
  | { readonly op: 'message-start'; readonly role: string | null }
  /** `start`: the ContentBlockStart union's one member (`toolUse`, `toolResult`, `image`, or a newer one), its name and value. */
  | { readonly op: 'block-start'; readonly index: number; readonly key: string; readonly start: Json }
  | { readonly op: 'delta'; readonly index: number; readonly deltas: readonly DeltaOp[] }
  | { readonly op: 'block-stop'; readonly index: number }
  /** `additional`: additionalModelResponseFields as sent, or undefined. */
  | { readonly op: 'message-stop'; readonly stopReason: string | null; readonly additional: unknown }
  /** `fields`: the members but usage, metrics, trace and the padding (performanceConfig, serviceTier …). */
  | { readonly op: 'metadata'; readonly usage: Json | null; readonly metrics: Json | null; readonly trace: Json | null; readonly fields: Json }
  /** An exception frame (`:exception-type`, a JSON `{message}` payload) or an error frame (`:error-code`, `:error-message`). */
  | { readonly op: 'exception'; readonly frame: 'exception' | 'error'; readonly type: string; readonly message: string }
  /** An :event-type outside ConverseStream's set (null: the message had none). */
  | { readonly op: 'unknown'; readonly type: string | null };
