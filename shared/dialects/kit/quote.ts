// How an annotation quotes the text of an event: JSON-quoted, cut past a length with a count.

export interface AnnotateOptions {
  /** Longest quoted text before it is cut with an ellipsis and a count. Default 80. */
  readonly maxText?: number;
}

/** JSON-quotes a text, cutting it to `max` characters with a count of what was left out. */
export function quote(text: string, max: number): string {
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, max))}…(+${text.length - max} chars)`;
}
