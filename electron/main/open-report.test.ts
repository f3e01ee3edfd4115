import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStream } from '../../shared/test/streams.ts';
import { createBackend, memoryKeyVault } from '../backend/api/index.ts';
import type { Backend } from '../backend/api/index.ts';
import { tempDbPath } from '../backend/store/test-support.ts';
import { openReportHandler } from './open-report.ts';
import { privateFolder, writeNewFile } from './report-folder.ts';

const ours = { senderFrame: { url: 'file:///app/out/renderer/index.html', parent: null } };
const foreign = { senderFrame: { url: 'https://example.org/', parent: null } };

let backend: Backend;
let id: number;
beforeAll(async () => {
  backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault() });
  ({ ids: [id] } = (await backend.api.importFile({ name: 'refusal.sse', bytes: realStream('openai-gpt4o-refusal-logprobs.sse') })) as { ids: [number] });
});
afterAll(() => backend.close());

function handler(openPath: (path: string) => Promise<string> = async () => '') {
  const folder = mkdtempSync(join(tmpdir(), 'streamscope-reports-'));
  const opened: string[] = [];
  const handle = openReportHandler({
    exportHtml: (recording) => backend.api.exportRecording({ id: recording, format: 'html' }),
    folder: () => folder,
    openPath: async (path) => {
      opened.push(path);
      return openPath(path);
    },
    isTrusted: (frame) => frame?.url.startsWith('file:///app/') ?? false,
  });
  return { handle, folder, opened };
}

describe('opening the HTML report in the system browser (desktop app)', () => {
  it('writes the recording’s report to a file of the user’s own and opens that file', async () => {
    const { handle, folder, opened } = handler();
    const reply = await handle(ours, id);
    expect(reply.ok).toBe(true);
    const path = (reply as { value: string }).value;
    expect(opened).toEqual([path]);
    expect(readdirSync(folder)).toEqual([path.slice(folder.length + 1)]);
    expect(path).toMatch(/\.html$/);
    const exported = await backend.api.exportRecording({ id, format: 'html' });
    expect(readFileSync(path, 'utf8')).toBe(exported.content);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('opens nothing for another page, an id that is not one, or a recording that does not exist', async () => {
    const { handle, opened } = handler();
    expect(await handle(foreign, id)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    for (const bad of ['3', 0, -1, 1.5, null, Number.MAX_VALUE]) expect(await handle(ours, bad)).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await handle(ours, 9_999)).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(opened).toEqual([]);
  });

  it('says where the report is when the system could not open it', async () => {
    const { handle } = handler(async () => 'no application is associated with .html');
    const reply = await handle(ours, id);
    expect(reply).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect((reply as { error: { message: string } }).error.message).toMatch(/^the report was written to .+\.html but could not be opened: no application is associated with \.html$/);
  });
});

describe("the reports' folder", () => {
  it('is made for this run on first use, user-only, with a new name even when a folder another user made is there', () => {
    const temp = mkdtempSync(join(tmpdir(), 'streamscope-temp-'));
    // What another local user could make first in a shared /tmp.
    mkdirSync(join(temp, 'streamscope-reports'), { mode: 0o777 });
    const folder = privateFolder(temp, 'streamscope-reports-');
    expect(readdirSync(temp)).toEqual(['streamscope-reports']);
    const path = folder.path();
    expect(folder.path()).toBe(path);
    expect(path).toMatch(/[\\/]streamscope-reports-[A-Za-z0-9]{6}$/);
    expect(path.startsWith(temp)).toBe(true);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o700);
  });

  it('is removed with its reports when the app quits, and made anew if needed after', () => {
    const temp = mkdtempSync(join(tmpdir(), 'streamscope-temp-'));
    const folder = privateFolder(temp, 'streamscope-reports-');
    folder.remove();
    const first = folder.path();
    writeNewFile(first, 'report', '.html', '<p>1</p>');
    folder.remove();
    expect(existsSync(first)).toBe(false);
    expect(readdirSync(temp)).toEqual([]);
    expect(folder.path()).not.toBe(first);
  });
});

describe('a new report file', () => {
  it('never replaces a file or follows a symlink already at its name: it takes the next free name', () => {
    const folder = mkdtempSync(join(tmpdir(), 'streamscope-reports-'));
    const victim = join(mkdtempSync(join(tmpdir(), 'streamscope-victim-')), 'notes.txt');
    writeFileSync(victim, 'the user’s own file');
    symlinkSync(victim, join(folder, 'report.html'));
    writeFileSync(join(folder, 'report-2.html'), 'an earlier report');

    const path = writeNewFile(folder, 'report', '.html', '<p>report</p>');
    expect(path).toBe(join(folder, 'report-3.html'));
    expect(readFileSync(path, 'utf8')).toBe('<p>report</p>');
    expect(readFileSync(victim, 'utf8')).toBe('the user’s own file');
    expect(lstatSync(join(folder, 'report.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'report-2.html'), 'utf8')).toBe('an earlier report');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
