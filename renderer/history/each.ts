// One call per recording for a bulk action (the API deletes and tags one recording a call),
// a few at a time, gathering the failures instead of stopping at the first.

export interface Failure {
  readonly id: number;
  readonly message: string;
}

/** Runs `action` for every id, `concurrency` at a time; the failures, by id. */
export async function runEach(ids: readonly number[], action: (id: number) => Promise<unknown>, concurrency = 6): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await action(id);
      } catch (error) {
        failures.push({ id, message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return failures.sort((a, b) => a.id - b.id);
}

/** The failures in one line: the first one's message, and how many more. */
export function failureWords(verb: string, failures: readonly Failure[]): string | null {
  const [first] = failures;
  if (!first) return null;
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return `Could not ${verb} recording #${first.id}: ${first.message}${more}`;
}
