import { afterEach, describe, expect, it, vi } from 'vitest';
import { installed } from './system-tools.ts';

afterEach(() => vi.restoreAllMocks());

describe('a test that needs a Debian tool', () => {
  it('runs where the tool is installed, with nothing printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(installed('/usr/bin/chromium', 'chromium', 'a.test.ts', {})).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('is skipped with one note naming the install line where the tool is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(installed(undefined, 'chromium', 'a.test.ts', {})).toBe(false);
    expect(warn.mock.calls).toEqual([['a.test.ts: skipped, chromium is not installed (apt-get install chromium; .ci/run does)']]);
  });

  it('fails instead where STREAMSCOPE_REQUIRE_TOOLS=1 (CI), so a skip never hides a failure there', () => {
    expect(() => installed(undefined, 'nginx', 'b.test.ts', { STREAMSCOPE_REQUIRE_TOOLS: '1' })).toThrow(
      'b.test.ts: nginx is not installed and STREAMSCOPE_REQUIRE_TOOLS=1 asks for it (apt-get install nginx)',
    );
  });
});
