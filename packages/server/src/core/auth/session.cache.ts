/**
 * The user of a session token, remembered for a moment: a question page makes 4-9 logged-in calls within a
 * second, and each asked the database for the same session's user row (one statement, ~50 us of a ~0.7 ms
 * question/info call under load on SQLite at 20k questions, docs/BENCHMARKS.md).
 *
 * A remembered user is used for at most MAX_AGE_MS, and never after a write to `users` or `user_sessions`
 * (core/db/writewatch.ts generations): a logout, a changed role, status, profile or reputation is seen by the next
 * request here. Writes made by another worker process or node reach it through the coherence registry
 * (core/coherence.ts, cache "session-users"): relayed before the writer's response, so the writer's next request
 * anywhere sees them, and others' within milliseconds; with no relay reaching this process, within MAX_AGE_MS. Unknown or expired tokens are not remembered (a new session made on another node
 * works at once), and a remembered session is not used past its expiry.
 */
import type { Db } from '../db/index.js';
import type { UserRow } from './session.repository.js';
import { registerCache } from '../coherence.js';

/** Longest a remembered user is used, in milliseconds (the cross-process window). */
export const MAX_AGE_MS = 1000;
/** Tokens remembered per database handle; the oldest is dropped first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: UserRow;
  /** Date.now() when read */
  at: number;
  /** The handle's write generation of `users` and `user_sessions` when read. */
  generation: number;
  /** The session's expiry, unix seconds. */
  expiresAt: number;
}

let caches = new WeakMap<object, Map<string, Entry>>();
registerCache('session-users', { reads: ['users', 'user_sessions'], windowMs: MAX_AGE_MS, what: "a session token's user" }, () => {
  caches = new WeakMap();
});

/**
 * The user of the unexpired session `tokenHash`, from the cache when it may be used, else from `load` (which is
 * then remembered when it found one).
 * @param now unix seconds, as `load` compares expiry with
 * @param load the database lookup: the user and the session's expiry (unix seconds), or undefined
 */
export async function cachedSessionUser(db: Db, tokenHash: string, now: number, load: () => Promise<{ user: UserRow; expiresAt: number } | undefined>): Promise<UserRow | undefined> {
  const watch = db.writes;
  if (!watch) return (await load())?.user;
  const gen = () => watch.generation('users', 'user_sessions');
  let cache = caches.get(watch);
  if (!cache) caches.set(watch, (cache = new Map()));
  const hit = cache.get(tokenHash);
  if (hit && hit.generation === gen() && Date.now() - hit.at <= MAX_AGE_MS && hit.expiresAt > now) return hit.user;
  if (hit) cache.delete(tokenHash);
  const generation = gen();
  const at = Date.now();
  const found = await load();
  // Shared by the requests that use it until it is dropped: frozen, so that no caller changes another's user.
  if (found) Object.freeze(found.user);
  // A write during the lookup may have changed what it read: used this once, not remembered.
  if (found && generation === gen()) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { user: found.user, at, generation, expiresAt: found.expiresAt });
  }
  return found?.user;
}
