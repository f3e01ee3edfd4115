import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbPathFor, defaultDbPath } from './location.ts';
import { tempDir } from './test-support.ts';

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

  it('creates its folder', () => {
    const base = tempDir();
    expect(defaultDbPath({ XDG_DATA_HOME: base })).toBe(join(base, 'streamscope', 'streamscope.db'));
    expect(existsSync(join(base, 'streamscope'))).toBe(true);
    const explicit = join(base, 'deep', 'er', 'x.db');
    expect(defaultDbPath({ STREAMSCOPE_DB: explicit })).toBe(explicit);
    expect(existsSync(join(base, 'deep', 'er'))).toBe(true);
  });
});
