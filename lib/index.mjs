// The package's JavaScript entry (`import { startProxy, startMock } from 'streamscope'`). The
// sources are TypeScript, run through tsx as bin/streamscope runs them: its loader is registered
// first, then the API is imported (a static `export … from` would be loaded before the loader).
import { register } from 'tsx/esm/api';

register();
const api = await import('../electron/backend/testing/index.ts');

export const { startProxy, startMock } = api;
