/**
 * The `state` of one login attempt (RFC 6749 §10.12): a random value the site sends with the browser to the
 * provider and expects back on the callback. The server lends user-center plugins a short-lived store shared by
 * every node; a state is kept there until its callback takes it (once) or ten minutes pass.
 */
import { randomBytes } from 'node:crypto';
import { ConnectorError, type PluginStore } from '@quorum/plugin-api';

/** How long a login attempt may take, in seconds. */
export const STATE_TTL_SECONDS = 600;

/**
 * A fresh state (256 random bits, base64url), stored with `value` (what the callback needs to know about the
 * attempt, e.g. which of the provider's applications it went through).
 */
export async function issueState(store: PluginStore, value: string): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await store.set(`state:${state}`, value, STATE_TTL_SECONDS);
  return state;
}

/**
 * Takes the state of a callback: the value stored with it, and the state can never be used again.
 * @throws ConnectorError `state_mismatch` when the state is missing, unknown, used or expired
 */
export async function takeState(store: PluginStore, state: string | undefined): Promise<string> {
  const value = state && /^[\w-]{16,128}$/.test(state) ? await store.take(`state:${state}`) : null;
  if (value === null) throw new ConnectorError('state_mismatch', 'the callback state is not one this site sent, or was already used');
  return value;
}
