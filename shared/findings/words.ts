// Small words of findings' messages, for the stream's checks and Chat Completions' alike.

/** Lists the first few items and says how many more there were. */
export function few(items: readonly (string | number)[], max = 5): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
