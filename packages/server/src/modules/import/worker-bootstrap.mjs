// Entry of the importer's worker threads. Workers do not inherit the TypeScript loader of the main thread,
// so when the entry is a .ts source (tsx, vitest) the loader is registered here first.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
