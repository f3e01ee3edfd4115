// Serve mode: the app's UI and its API on loopback HTTP, for a browser.
export { startServeServer, DEFAULT_RENDERER_DIR, DEFAULT_MAX_BODY_BYTES } from './server.ts';
export type { ServeOptions, ServeServer } from './server.ts';
export { CONTENT_SECURITY_POLICY } from './security.ts';
