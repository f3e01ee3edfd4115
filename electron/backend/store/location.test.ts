import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCommand } from '../cli/list.ts';
import { captureOutput } from '../cli/output.ts';
import { appDbPath, appFolderDbPathFor, dbPathFor, defaultDbPath } from './location.ts';
import { openStore } from './index.ts';
import { tempDir, timedRecording } from './test-support.ts';

describe('the default database path', () => {
  it('is STREAMSCOPE_DB when set, then $XDG_DATA_HOME, then the platform data folder', () => {
    expect(dbPathFor({ STREAMSCOPE_DB: '/data/my.db', XDG_DATA_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/data/my.db');
    expect(dbPathFor({ XDG_DATA_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/streamscope/streamscope.db');
    expect(dbPathFor({ XDG_DATA_HOME: 'relative/ignored' }, 'linux', '/home/ada')).toBe('/home/ada/.local/share/streamscope/streamscope.db');
    expect(dbPathFor({ STREAMSCOPE_DB: '' }, 'linux', '/home/ada')).toBe('/home/ada/.local/share/streamscope/streamscope.db');
    expect(dbPathFor({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Streamscope/streamscope.db');
    expect(dbPathFor({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Streamscope\\streamscope.db');
    expect(dbPathFor({}, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Streamscope\\streamscope.db');
  });

  it("uses the desktop app's older database where it is, when it exists and the shared one does not", () => {
    const appFolder = '/home/ada/.config/Streamscope/streamscope.db';
    const shared = '/home/ada/.local/share/streamscope/streamscope.db';
    expect(appFolderDbPathFor({}, 'linux', '/home/ada')).toBe(appFolder);
    expect(appFolderDbPathFor({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ada')).toBe('/cfg/Streamscope/streamscope.db');
    const on = (...files: string[]) => (file: string) => files.includes(file);
    expect(dbPathFor({}, 'linux', '/home/ada', on(appFolder))).toBe(appFolder);
    expect(dbPathFor({}, 'linux', '/home/ada', on(appFolder, shared))).toBe(shared);
    expect(dbPathFor({}, 'linux', '/home/ada', on())).toBe(shared);
    expect(dbPathFor({ STREAMSCOPE_DB: '/data/my.db' }, 'linux', '/home/ada', on(appFolder))).toBe('/data/my.db');
    // On macOS the app's folder was already the data folder.
    expect(dbPathFor({}, 'darwin', '/Users/ada', on('/Users/ada/Library/Application Support/Streamscope/streamscope.db'))).toBe('/Users/ada/Library/Application Support/Streamscope/streamscope.db');
  });

  it('creates its folder', () => {
    const base = tempDir();
    // XDG_CONFIG_HOME: an empty folder, so that no database of the machine's own app is found.
    expect(defaultDbPath({ XDG_DATA_HOME: base, XDG_CONFIG_HOME: tempDir() })).toBe(join(base, 'streamscope', 'streamscope.db'));
    expect(existsSync(join(base, 'streamscope'))).toBe(true);
    const explicit = join(base, 'deep', 'er', 'x.db');
    expect(defaultDbPath({ STREAMSCOPE_DB: explicit })).toBe(explicit);
    expect(existsSync(join(base, 'deep', 'er'))).toBe(true);
  });
});

describe("the desktop app's database", () => {
  it('is the command line’s default, so a recording made with either is in the other; STREAMSCOPE_DB is honoured by both', () => {
    const env = { XDG_DATA_HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    expect(appDbPath(env, undefined)).toBe(defaultDbPath(env));
    expect(appDbPath(env, undefined)).toBe(join(env.XDG_DATA_HOME, 'streamscope', 'streamscope.db'));
    const chosen = join(env.XDG_DATA_HOME, 'chosen.db');
    expect(appDbPath({ STREAMSCOPE_DB: chosen }, undefined)).toBe(chosen);
    expect(appDbPath({ STREAMSCOPE_DB: chosen }, tempDir())).toBe(chosen);
    expect(defaultDbPath({ STREAMSCOPE_DB: chosen })).toBe(chosen);
  });

  it('stays in the user-data folder given to the app (STREAMSCOPE_USER_DATA_DIR), as the end-to-end tests need', () => {
    const userData = tempDir();
    expect(appDbPath({ STREAMSCOPE_USER_DATA_DIR: userData, XDG_DATA_HOME: tempDir() }, userData)).toBe(join(userData, 'streamscope.db'));
  });

  it.runIf(process.platform === 'linux')('keeps what the app stored in ~/.config/Streamscope listed by `streamscope list`, the file left where it was', async () => {
    const config = tempDir();
    const data = tempDir();
    const older = join(config, 'Streamscope', 'streamscope.db');
    mkdirSync(join(config, 'Streamscope'));
    const store = openStore(older);
    store.importRecording(timedRecording({ startedAt: '2026-11-30T08:01:00.000Z' }), { name: 'made in the app' });
    store.close();
    const env = { XDG_CONFIG_HOME: config, XDG_DATA_HOME: data };
    expect(appDbPath(env, undefined)).toBe(older);
    const out = captureOutput();
    expect(await listCommand(['--json'], out, env)).toBe(0);
    expect((JSON.parse(out.out) as { items: { name: string }[] }).items.map((item) => item.name)).toEqual(['made in the app']);
    expect(existsSync(join(data, 'streamscope', 'streamscope.db'))).toBe(false);
  });
});
