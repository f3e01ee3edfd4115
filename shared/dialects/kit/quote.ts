// How an annotation quotes the text of an event (findings/words.ts, quote): JSON-quoted, cut past a
// length with a count.

export interface AnnotateOptions {
  /** Longest quoted text before it is cut with an ellipsis and a count. Default 80. */
  readonly maxText?: number;
}
