/** Worker thread of the import body converter: `{id, bodies}` in, `{id, out}` or `{id, error}` back. */
import { parentPort } from 'node:worker_threads';
import { convertBody } from './convert.js';

parentPort!.on('message', (msg: { id: number; bodies: Array<string | undefined> }) => {
  try {
    parentPort!.postMessage({ id: msg.id, out: msg.bodies.map(convertBody) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
