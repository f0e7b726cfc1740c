/** Session and code tokens are stored only as hashes. */
import { createHash } from 'node:crypto';

/** SHA-256 hex of a token: what the sessions table keys on. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
