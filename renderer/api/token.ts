// Serve mode's access token. The server prints http://127.0.0.1:PORT/#token=…: a fragment never
// reaches a server (so no log and no Referer holds it). The page takes it from there at once,
// removes it from the address bar (and so from history and screenshots), and keeps it in this
// tab's sessionStorage so that a reload still works.

const KEY = 'streamscope.token';

export function takeToken(location: Location, history: History, storage: Storage): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    storage.setItem(KEY, fromHash);
    history.replaceState(history.state, '', location.pathname + location.search);
    return fromHash;
  }
  return storage.getItem(KEY);
}
