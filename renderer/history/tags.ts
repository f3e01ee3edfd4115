// Adding and removing tags as the store keeps them: trimmed, none empty, each once, in the
// order they were added. The tag field takes several at once, separated by commas.

/** The tags typed into the tag field ("a, b"). */
export function parseTags(input: string): string[] {
  return input.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

export function withTags(tags: readonly string[], added: readonly string[]): string[] {
  const out = [...tags];
  for (const tag of added) if (!out.includes(tag)) out.push(tag);
  return out;
}

export function withoutTags(tags: readonly string[], removed: readonly string[]): string[] {
  return tags.filter((tag) => !removed.includes(tag));
}

export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
