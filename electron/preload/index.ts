// Runs in the sandboxed preload context (a sandboxed preload can require only a few modules,
// `electron` among them: the build bundles everything else into one CommonJS file, out/preload/index.cjs).
import { contextBridge, ipcRenderer } from 'electron';
import { PRELOAD_GLOBAL } from '../../shared/api/bridge.ts';
import { createPreloadBridge } from './bridge.ts';

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, createPreloadBridge(ipcRenderer));
