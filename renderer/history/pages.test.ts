import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/backend/store/store.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { hasMore, NOTHING_LOADED, PAGE_SIZE, refreshLimit, wantsMore, withoutRows, withPage, withRow } from './pages.ts';
import type { Loaded } from './pages.ts';

const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
const files = readdirSync(realStreams).filter((file) => file.endsWith('.sse')).sort();
const store = openStore(tempDbPath());
afterAll(() => store.close());
const importStream = (file: string): number => store.importRecording(recordingFromSse(readFileSync(join(realStreams, file))), { name: file });
for (const file of files) importStream(file);

/** Fetches the next page of `size` from the store as the history does. */
function nextPage(loaded: Loaded, size: number): Loaded {
  return withPage(loaded, store.list({ limit: size, offset: loaded.offset }), loaded.offset);
}

describe('paging through the store', () => {
  it('gathers every recording, newest first, a page at a time', () => {
    let loaded = NOTHING_LOADED;
    let pages = 0;
    do {
      loaded = nextPage(loaded, 7);
      pages++;
    } while (hasMore(loaded));
    expect(pages).toBe(Math.ceil(files.length / 7));
    expect(loaded.total).toBe(files.length);
    expect(loaded.rows.map((row) => row.id)).toEqual(store.list({ limit: 1000 }).items.map((item) => item.id));
    expect(new Set(loaded.rows.map((row) => row.name))).toEqual(new Set(files));
  });

  it('keeps a row once when a recording stored between two pages shifts it into the next', () => {
    let loaded = nextPage(NOTHING_LOADED, 10);
    const lastOfFirstPage = loaded.rows.at(-1)!.id;
    const newcomer = importStream(files[0]!);
    loaded = nextPage(loaded, 10);
    const ids = loaded.rows.map((row) => row.id);
    expect(ids.filter((id) => id === lastOfFirstPage)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(newcomer);
    // A refresh starts over from the top and finds it.
    const refreshed = withPage(loaded, store.list({ limit: refreshLimit(loaded), offset: 0 }), 0);
    expect(refreshed.rows[0]!.id).toBe(newcomer);
    expect(refreshed.total).toBe(files.length + 1);
    store.delete(newcomer);
  });

  it('continues after rows deleted for good without skipping any', () => {
    let loaded = nextPage(NOTHING_LOADED, 10);
    const gone = new Set(loaded.rows.slice(2, 5).map((row) => row.id));
    for (const id of gone) store.delete(id);
    loaded = withoutRows(loaded, gone);
    expect(loaded).toMatchObject({ total: files.length - 3, offset: 7 });
    loaded = nextPage(loaded, 10);
    expect(loaded.rows.map((row) => row.id)).toEqual(store.list({ limit: 17 }).items.map((item) => item.id));
  });
});

describe('when to fetch more', () => {
  const loaded: Loaded = { rows: [], total: 1000, offset: 200 };

  it('fetches the next page once the rows drawn come within a margin of the end of those loaded', () => {
    expect(wantsMore(loaded, 200, 100)).toBe(false);
    expect(wantsMore(loaded, 200, 150)).toBe(true);
    expect(wantsMore(loaded, 195, 150)).toBe(true);
  });

  it('fetches nothing once every matching row is loaded', () => {
    expect(wantsMore({ ...loaded, offset: 1000 }, 1000, 999)).toBe(false);
  });

  it('refreshes as many rows as were loaded, a page at least and the store’s limit at most', () => {
    expect(refreshLimit(NOTHING_LOADED)).toBe(PAGE_SIZE);
    expect(refreshLimit(loaded)).toBe(200);
    expect(refreshLimit({ ...loaded, offset: 1400 })).toBe(1400);
    expect(refreshLimit({ ...loaded, offset: 25_000 })).toBe(10_000);
  });

  it('changes one row in place (renamed, tagged)', () => {
    const page = nextPage(NOTHING_LOADED, 3);
    const [first, second] = page.rows;
    const changed = withRow(page, second!.id, (row) => ({ ...row, name: 'renamed', tags: ['a'] }));
    expect(changed.rows[1]).toEqual({ ...second, name: 'renamed', tags: ['a'] });
    expect(changed.rows[0]).toBe(first);
    expect(changed.offset).toBe(page.offset);
  });
});
