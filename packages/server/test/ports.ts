/**
 * Test support: a free TCP port on 127.0.0.1 for a server a test starts (`quorum run`, a receiver), found by
 * listening on port 0 and closing again. Used by every test that starts processes of its own.
 */
import { createServer } from 'node:net';

/** A port nothing listens on right now (another process may take it before the caller does: rare, not guarded). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
