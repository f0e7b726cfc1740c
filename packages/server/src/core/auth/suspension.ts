/** Suspensions (spec §4 "User states"): in force until `suspended_until`, or forever when it is null or 0. */
import { UserStatus } from '@quorum/contract';
import { nowSeconds } from '../context.js';
import { AppError } from '../errors.js';
import type { UserRow } from './session.repository.js';

/**
 * True while a suspension is in force: status suspended and `suspended_until` null/0 (forever) or in the future.
 */
export function isSuspended(user: Pick<UserRow, 'status' | 'suspended_until'>, now = nowSeconds()): boolean {
  if (user.status !== UserStatus.suspended) return false;
  return !user.suspended_until || user.suspended_until > now;
}

/** 403 `suspended` carrying `suspended_until` (unix seconds; 0 = forever) for the client's suspended page. */
export function suspendedError(user: Pick<UserRow, 'suspended_until'>): AppError {
  return new AppError(403, 'error.user.suspended', { type: 'suspended', suspended_until: user.suspended_until ?? 0 });
}

