/**
 * The `PluginStore` the server lends a plugin (plugin-api user-center.ts): short-lived strings in the database, so
 * every node of a site sees them. Keys are kept per plugin slug; a key is at most 191 characters, a lifetime at
 * most an hour.
 */
import type { PluginStore } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import * as repo from './plugin-store.repository.js';

const MAX_TTL_SECONDS = 3600;
const MAX_KEY = 191;

function checkKey(key: string): string {
  if (!key || key.length > MAX_KEY) throw new Error(`plugin store key must be 1-${MAX_KEY} characters`);
  return key;
}

/** The store of one plugin. */
export function pluginStore(ctx: AppContext, slug: string): PluginStore {
  const db = () => requireDb(ctx);
  return {
    async get(key) {
      return (await repo.findEntry(db(), slug, checkKey(key), nowSeconds())) ?? null;
    },
    async set(key, value, ttlSeconds) {
      const now = nowSeconds();
      const ttl = Math.min(MAX_TTL_SECONDS, Math.max(1, Math.floor(ttlSeconds)));
      await repo.putEntry(db(), slug, checkKey(key), value, now + ttl, now);
    },
    async take(key) {
      return (await repo.takeEntry(db(), slug, checkKey(key), nowSeconds())) ?? null;
    },
  };
}
