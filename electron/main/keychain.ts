// API keys in the desktop app: each key is encrypted by Electron's safeStorage (the OS keychain
// holds the encryption key: Keychain on macOS, DPAPI on Windows, libsecret or KWallet on Linux)
// and only the encrypted blobs are written, to one file in the user-data folder. A key is never
// written in plain text: when the OS offers no encryption, storing is refused with the reason.

import { readFileSync } from 'node:fs';
import type { KeyVault } from '../backend/api/keys.ts';
import { writeFileWhole } from './write-file.ts';

/** The part of Electron's `safeStorage` the vault uses (the real one is passed by electron/main). */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which password store backs the encryption. */
  getSelectedStorageBackend?(): string;
}

/** The file's name in the user-data folder. */
export const KEYS_FILE = 'api-keys.json';
const FORMAT = 'streamscope-api-keys';
const VERSION = 1;

interface KeysFile {
  readonly format: typeof FORMAT;
  readonly version: typeof VERSION;
  /** Profile name → base64 of the blob safeStorage returned. */
  readonly keys: Record<string, string>;
}

/**
 * A KeyVault over safeStorage, persisted in `file`. KeyVault is synchronous, so this uses
 * safeStorage's synchronous methods (deprecated in favour of async ones in Electron 45, still there).
 */
export function safeStorageKeyVault(encryptor: Encryptor, file: string): KeyVault {
  let cache: Map<string, string> | undefined;
  let unreadable: string | undefined;

  /** The stored blobs. A file we cannot read is kept as it is (never overwritten) and reported on `set`. */
  const blobs = (): Map<string, string> => {
    if (cache) return cache;
    const loaded = readKeysFile(file);
    if ('error' in loaded) unreadable = loaded.error;
    cache = 'error' in loaded ? new Map() : loaded.keys;
    return cache;
  };

  const save = (next: Map<string, string>): void => {
    if (unreadable) throw new Error(`cannot store the key: ${unreadable}; move that file away and try again`);
    writeKeysFile(file, next);
    cache = next;
  };

  const decrypt = (blob: string): string | null => {
    try {
      return encryptor.decryptString(Buffer.from(blob, 'base64'));
    } catch {
      // The OS keychain no longer has the key this blob was made with (a new profile, a reset
      // keyring): the key is unusable, but its entry stays until it is replaced or deleted.
      return null;
    }
  };

  return {
    kind: 'keychain',
    get: (profile) => {
      const blob = blobs().get(profile);
      return blob === undefined ? null : decrypt(blob);
    },
    set: (profile, key) => {
      const refusal = encryptionRefusal(encryptor);
      if (refusal) throw new Error(`cannot store the key: ${refusal}`);
      const blob = encryptor.encryptString(key).toString('base64');
      save(new Map(blobs()).set(profile, blob));
    },
    delete: (profile) => {
      const current = blobs();
      if (!current.has(profile)) return false;
      const next = new Map(current);
      next.delete(profile);
      save(next);
      return true;
    },
    list: () =>
      [...blobs()]
        .filter(([, blob]) => decrypt(blob) !== null)
        .map(([profile]) => profile)
        .sort(),
  };
}

/** Why a key cannot be stored safely on this machine, or null when it can. */
export function encryptionRefusal(encryptor: Encryptor): string | null {
  if (!encryptor.isEncryptionAvailable()) {
    return 'the operating system offers no encryption for it (no keychain is available), and Streamscope never stores a key in plain text';
  }
  // On Linux without a password store, Chromium "encrypts" with a fixed, public password
  // (`basic_text`): that is plain text with extra steps, so it counts as no encryption.
  if (encryptor.getSelectedStorageBackend?.() === 'basic_text') {
    return 'no password store (GNOME Keyring / libsecret or KWallet) is running, so the key could only be kept with a fixed password, and Streamscope never stores a key in plain text';
  }
  return null;
}

function readKeysFile(file: string): { keys: Map<string, string> } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: new Map() };
    return { error: `${file} cannot be read (${(error as Error).message})` };
  }
  try {
    const parsed = JSON.parse(text) as Partial<KeysFile> | null;
    if (parsed?.format !== FORMAT || parsed.version !== VERSION || typeof parsed.keys !== 'object' || parsed.keys === null) {
      return { error: `${file} is not a Streamscope key file of version ${VERSION}` };
    }
    const keys = new Map<string, string>();
    for (const [profile, blob] of Object.entries(parsed.keys)) {
      if (typeof blob !== 'string') return { error: `${file} holds a key for ${JSON.stringify(profile)} that is not a base64 string` };
      keys.set(profile, blob);
    }
    return { keys };
  } catch {
    return { error: `${file} is not valid JSON` };
  }
}

/** Writes the whole file at once, readable by the user only. */
function writeKeysFile(file: string, keys: ReadonlyMap<string, string>): void {
  const content: KeysFile = { format: FORMAT, version: VERSION, keys: Object.fromEntries([...keys].sort(([a], [b]) => (a < b ? -1 : 1))) };
  writeFileWhole(file, `${JSON.stringify(content, null, 2)}\n`, 0o600);
}
