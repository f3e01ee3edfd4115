// The pushes of this run, numbered, the recent ones kept: an SSE client that lost its
// connection comes back with the last id it saw (`Last-Event-ID`, WHATWG HTML §9.2.4) and gets
// what it missed. The log is bounded in pushes and in size; a client that comes back after its
// pushes were dropped is told to start over (`reset`) instead of silently missing some.

import type { ApiPush } from '../../../shared/api/contract.ts';
import { encodeJson } from '../../../shared/api/codec.ts';

export interface PushLogOptions {
  /** Pushes kept for clients that come back. Default 10,000. */
  readonly capacity?: number;
  /** Characters of frames kept (the newest push is kept whatever its size). Default 64 Mi. */
  readonly maxChars?: number;
}

export type Replay = { readonly frames: readonly string[] } | { readonly reset: true };

export interface PushLog {
  /** Numbers the push, keeps its SSE frame, and hands the frame to every follower. */
  append(push: ApiPush, payload: unknown): void;
  /** The id of the last push (0 before the first). */
  readonly latest: number;
  /** The frames after `id`, or reset when some of them are no longer kept (or `id` is not one of this run's). */
  since(id: number): Replay;
  /** Every frame appended from now until the returned function is called. */
  follow(listener: (frame: string) => void): () => void;
}

export function createPushLog(options: PushLogOptions = {}): PushLog {
  const capacity = options.capacity ?? 10_000;
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;
  // Frames of ids first … latest, oldest first; `start` is the index of the oldest in `ring`.
  const ring: string[] = [];
  let start = 0;
  let first = 1;
  let latest = 0;
  let chars = 0;
  const followers = new Set<(frame: string) => void>();

  function kept(): number {
    return latest - first + 1;
  }

  function dropOldest(): void {
    chars -= ring[start]!.length;
    ring[start] = '';
    start = (start + 1) % capacity;
    first += 1;
  }

  return {
    append(push, payload) {
      latest += 1;
      const frame = `id: ${latest}\nevent: ${push}\ndata: ${encodeJson(payload)}\n\n`;
      if (kept() > capacity) dropOldest();
      ring[(start + kept() - 1) % capacity] = frame;
      chars += frame.length;
      while (chars > maxChars && kept() > 1) dropOldest();
      for (const follower of [...followers]) follower(frame);
    },
    get latest() {
      return latest;
    },
    since(id) {
      if (!Number.isSafeInteger(id) || id < first - 1 || id > latest) return { reset: true };
      const frames: string[] = [];
      for (let next = id + 1; next <= latest; next++) frames.push(ring[(start + next - first) % capacity]!);
      return { frames };
    },
    follow(listener) {
      followers.add(listener);
      return () => void followers.delete(listener);
    },
  };
}
