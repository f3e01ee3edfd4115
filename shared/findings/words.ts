// Small words of findings' messages and annotations, for every layer above this one.

/** Lists the first few items and says how many more there were. */
export function few(items: readonly (string | number)[], max = 5): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** JSON-quotes a text, cutting it to `max` characters with a count of what was left out. */
export function quote(text: string, max: number): string {
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, max))}…(+${text.length - max} chars)`;
}
