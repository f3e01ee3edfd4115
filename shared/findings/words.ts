// Small words of findings' messages and annotations, for every layer above this one.

/**
 * Lists the first `max` items and says how many more there were: of `total` when the caller kept
 * only the first few of a longer list (a dialect's state keeps a bounded sample of event numbers).
 */
export function few(items: readonly (string | number)[], max = 5, total = items.length): string {
  const shown = items.slice(0, max).join(', ');
  return total > max ? `${shown} and ${(total - max).toLocaleString('en-US')} more` : shown;
}

/** "3 events" / "1 event" / "1,200 events". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** JSON-quotes a text, cutting it to `max` characters with a count of what was left out. */
export function quote(text: string, max: number): string {
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, max))}…(+${text.length - max} chars)`;
}
