// Where API keys live. The desktop app keeps them with Electron's safeStorage (the OS keychain
// encrypts them; electron/main implements that vault); serve mode keeps them in this process only,
// so a key typed into the browser is gone when the server stops. Neither ever writes a key to the
// database or to a plain file, and nothing here hands a key to the UI: the API shows a suffix.

export interface KeyVault {
  /** 'keychain' for Electron's safeStorage; 'memory' for serve mode (keys live only in the process). */
  readonly kind: 'keychain' | 'memory';
  get(profile: string): string | null;
  set(profile: string, key: string): void;
  delete(profile: string): boolean;
  /** Profiles that have a stored key. */
  list(): string[];
}

/** Keys held in a Map for the life of the process. */
export function memoryKeyVault(): KeyVault {
  const keys = new Map<string, string>();
  return {
    kind: 'memory',
    get: (profile) => keys.get(profile) ?? null,
    set: (profile, key) => void keys.set(profile, key),
    delete: (profile) => keys.delete(profile),
    list: () => [...keys.keys()].sort(),
  };
}
