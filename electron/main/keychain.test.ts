import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Encryptor } from './keychain.ts';
import { encryptionRefusal, KEYS_FILE, safeStorageKeyVault } from './keychain.ts';

/**
 * Stands in for safeStorage: XORs with its keyring's secret behind a keyring tag, so a blob made
 * by one keyring does not decrypt with another (as after a reset of the OS keychain).
 */
function fakeEncryptor(options: { available?: boolean; backend?: string; keyring?: string } = {}): Encryptor & { encrypted: number } {
  const keyring = options.keyring ?? 'login';
  const secret = Buffer.from(`secret of ${keyring}`);
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((byte, i) => byte ^ secret[i % secret.length]!));
  const fake = {
    encrypted: 0,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString(plainText: string) {
      fake.encrypted += 1;
      return Buffer.concat([Buffer.from(`${keyring}:`), xor(Buffer.from(plainText, 'utf8'))]);
    },
    decryptString(encrypted: Buffer) {
      const tag = Buffer.from(`${keyring}:`);
      if (!encrypted.subarray(0, tag.length).equals(tag)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return xor(encrypted.subarray(tag.length)).toString('utf8');
    },
    ...(options.backend === undefined ? {} : { getSelectedStorageBackend: () => options.backend! }),
  };
  return fake;
}

const keysFile = () => join(mkdtempSync(join(tmpdir(), 'streamscope-keys-')), 'user-data', KEYS_FILE);
const key = 'sk-proj-EXAMPLEexampleEXAMPLE1234a1b2';

describe('the safeStorage key vault', () => {
  it('is a keychain vault that gives back the key it stored, across a restart', () => {
    const file = keysFile();
    const vault = safeStorageKeyVault(fakeEncryptor(), file);
    expect(vault.kind).toBe('keychain');
    vault.set('openai', key);
    expect(vault.get('openai')).toBe(key);

    const restarted = safeStorageKeyVault(fakeEncryptor(), file);
    expect(restarted.get('openai')).toBe(key);
    expect(restarted.list()).toEqual(['openai']);
  });

  it('writes only encrypted blobs, in a file only the user can read', () => {
    const file = keysFile();
    const vault = safeStorageKeyVault(fakeEncryptor(), file);
    vault.set('openai', key);
    vault.set('groq', 'gsk_EXAMPLE9876');

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('a1b2');
    expect(text).not.toContain('gsk_');
    expect(JSON.parse(text)).toEqual({
      format: 'streamscope-api-keys',
      version: 1,
      keys: {
        groq: fakeEncryptor().encryptString('gsk_EXAMPLE9876').toString('base64'),
        openai: fakeEncryptor().encryptString(key).toString('base64'),
      },
    });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to store a key when the OS offers no encryption, and writes nothing', () => {
    const file = keysFile();
    const encryptor = fakeEncryptor({ available: false });
    const vault = safeStorageKeyVault(encryptor, file);

    expect(() => vault.set('openai', key)).toThrow(
      'cannot store the key: the operating system offers no encryption for it (no keychain is available), and Streamscope never stores a key in plain text',
    );
    expect(encryptor.encrypted).toBe(0);
    expect(() => statSync(file)).toThrow(/ENOENT/);
    expect(vault.get('openai')).toBeNull();
  });

  it("refuses Linux's basic_text store, whose password is fixed and public", () => {
    const vault = safeStorageKeyVault(fakeEncryptor({ backend: 'basic_text' }), keysFile());
    expect(() => vault.set('openai', key)).toThrow(/^cannot store the key: no password store \(GNOME Keyring \/ libsecret or KWallet\) is running/);
    expect(encryptionRefusal(fakeEncryptor({ backend: 'gnome_libsecret' }))).toBeNull();
    expect(encryptionRefusal(fakeEncryptor())).toBeNull();
  });

  it('replaces a key, deletes one (true once, then false), and lists profiles in order', () => {
    const vault = safeStorageKeyVault(fakeEncryptor(), keysFile());
    vault.set('openrouter', 'sk-or-1');
    vault.set('deepseek', 'sk-ds-1');
    vault.set('openrouter', 'sk-or-2');
    expect(vault.list()).toEqual(['deepseek', 'openrouter']);
    expect(vault.get('openrouter')).toBe('sk-or-2');

    expect(vault.delete('deepseek')).toBe(true);
    expect(vault.delete('deepseek')).toBe(false);
    expect(vault.get('deepseek')).toBeNull();
    expect(vault.list()).toEqual(['openrouter']);
  });

  it('keeps a key the keychain can no longer decrypt, but neither returns nor lists it, until it is replaced', () => {
    const file = keysFile();
    safeStorageKeyVault(fakeEncryptor({ keyring: 'old' }), file).set('openai', key);

    const vault = safeStorageKeyVault(fakeEncryptor({ keyring: 'new' }), file);
    expect(vault.get('openai')).toBeNull();
    expect(vault.list()).toEqual([]);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).keys)).toEqual(['openai']);

    vault.set('openai', 'sk-new');
    expect(vault.get('openai')).toBe('sk-new');
    expect(vault.list()).toEqual(['openai']);
  });

  it('never overwrites a key file it cannot read: reads find no key, storing says which file to move away', () => {
    for (const content of ['{"format":"streamscope-api-keys","ver', '{"something":"else"}', '{"format":"streamscope-api-keys","version":1,"keys":{"openai":42}}']) {
      const file = keysFile();
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, content);
      const vault = safeStorageKeyVault(fakeEncryptor(), file);

      expect(vault.get('openai')).toBeNull();
      expect(vault.list()).toEqual([]);
      expect(() => vault.set('openai', key)).toThrow(new RegExp(`^cannot store the key: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (is not valid JSON|is not a Streamscope key file of version 1|holds a key for "openai" that is not a base64 string); move that file away and try again$`));
      expect(vault.delete('openai')).toBe(false);
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });

  it('stores profile names that are also Object.prototype names as ordinary keys', () => {
    const file = keysFile();
    safeStorageKeyVault(fakeEncryptor(), file).set('__proto__', 'sk-proto');
    const vault = safeStorageKeyVault(fakeEncryptor(), file);
    expect(vault.get('__proto__')).toBe('sk-proto');
    expect(vault.get('constructor')).toBeNull();
    expect(vault.list()).toEqual(['__proto__']);
  });
});
