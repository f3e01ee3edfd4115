// How deep a JSON text nests, found by scanning it, before anything recursive walks the value:
// JSON.parse copes with any depth, but JSON.stringify, structured clone and our own walkers
// recurse, and 5,000 levels (11 KB) overflow the stack (issue 17, "Deep nesting").

/** The deepest nesting of arrays and objects a file's JSON may have; a chat request needs a few dozen. */
export const MAX_JSON_DEPTH = 256;

/** Whether `text` opens more than `limit` arrays or objects inside each other (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  // No text shorter than the limit can open more than it: the scan is skipped for nearly every event.
  return text.length > limit && tooDeepAt(text, limit) !== -1;
}

/** The offset of the bracket that opens level `limit + 1` of `text`, or -1 when it nests no deeper than `limit`. */
export function tooDeepAt(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** The reason a text is refused for its depth, in the words every format's error uses. */
export const TOO_DEEP = `nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep (Streamscope's limit)`;
