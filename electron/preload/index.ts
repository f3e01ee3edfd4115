import { contextBridge } from 'electron';
import { version } from '../../package.json';

// For now the renderer gets nothing but the app version; the typed Streamscope API
// (bound to IPC here, to loopback HTTP in serve mode) replaces this later.
contextBridge.exposeInMainWorld('streamscope', Object.freeze({ version }));
