import { describe, expect, it } from 'vitest';
import { decideErrorAction, type ErrorContext } from './apiErrors';

const base: ErrorContext = { status: 400, data: null, path: '/answer/api/v1/question', authPage: false };
const decide = (over: Partial<ErrorContext>) => decideErrorAction({ ...base, ...over });

describe('decideErrorAction (spec §8)', () => {
  it('hands every error to the caller when the call passes errors', () => {
    for (const status of [0, 400, 401, 403, 404, 500]) expect(decide({ status, passingError: true, allow404: true })).toEqual({ kind: 'caller' });
  });

  it('400: field lists go to the form, err_type picks toast / modal / caller, empty data opens a close-only dialog', () => {
    expect(decide({ data: [{ error_field: 'e_mail', error_msg: 'taken' }] })).toEqual({ kind: 'caller' });
    expect(decide({ data: { err_type: 'toast' } })).toEqual({ kind: 'toast' });
    expect(decide({ data: { err_type: 'alert' } })).toEqual({ kind: 'caller' });
    expect(decide({ data: { err_type: 'modal' } })).toEqual({ kind: 'modal' });
    expect(decide({ data: { err_type: 'other' } })).toEqual({ kind: 'caller' });
    for (const data of [null, undefined, {}, [], '']) expect(decide({ data })).toEqual({ kind: 'dialog' });
    expect(decide({ data: { id: '1' } })).toEqual({ kind: 'caller' });
  });

  it('401 goes to login, but not away from an auth page', () => {
    expect(decide({ status: 401 })).toEqual({ kind: 'login', navigate: true });
    expect(decide({ status: 401, authPage: true })).toEqual({ kind: 'login', navigate: false });
  });

  it('403 typed answers route to their pages; suspended replaces history and carries the end time', () => {
    expect(decide({ status: 403, data: { type: 'url_expired' } })).toEqual({ kind: 'redirect', to: '/users/account-activation/failed', replace: false });
    expect(decide({ status: 403, data: { type: 'inactive' }, authPage: true })).toEqual({ kind: 'redirect', to: '/users/login?status=inactive', replace: false });
    expect(decide({ status: 403, data: { type: 'suspended', suspended_until: 1900000000 } })).toEqual({
      kind: 'redirect',
      to: '/users/account-suspended',
      replace: true,
      suspendedUntil: 1900000000,
    });
    expect(decide({ status: 403, data: { type: 'suspended' } })).toMatchObject({ suspendedUntil: 0 });
    // The reason the administrator gave rides along for the suspended page; a silence is a toast with its message.
    expect(decide({ status: 403, data: { type: 'suspended', suspended_until: 0, reason: 'Ban evasion' } })).toMatchObject({ suspendedUntil: 0, suspendedReason: 'Ban evasion' });
    expect(decide({ status: 403, data: { type: 'silenced', silenced_until: 0, reason: 'Spam' } })).toEqual({ kind: 'toast' });
  });

  it('other 403: ignored on auth pages, the 403 page on admin calls, a toast elsewhere', () => {
    expect(decide({ status: 403, authPage: true })).toEqual({ kind: 'caller' });
    expect(decide({ status: 403, path: '/answer/admin/api/users/page' })).toEqual({ kind: 'page', code: 403 });
    expect(decide({ status: 403 })).toEqual({ kind: 'toast' });
  });

  it('404 shows the page only when allowed and not on an auth page', () => {
    expect(decide({ status: 404 })).toEqual({ kind: 'caller' });
    expect(decide({ status: 404, allow404: true })).toEqual({ kind: 'page', code: 404 });
    expect(decide({ status: 404, allow404: true, authPage: true })).toEqual({ kind: 'caller' });
  });

  it('50X shows the 50X page except on auth pages and for calls that ignore it', () => {
    expect(decide({ status: 500 })).toEqual({ kind: 'page', code: 500 });
    expect(decide({ status: 503 })).toEqual({ kind: 'page', code: 500 });
    expect(decide({ status: 502, authPage: true })).toEqual({ kind: 'caller' });
    expect(decide({ status: 500, ignore50x: true })).toEqual({ kind: 'caller' });
  });

  it('network failures and time-outs toast; other statuses go to the caller', () => {
    expect(decide({ status: 0 })).toEqual({ kind: 'toast' });
    expect(decide({ status: 429 })).toEqual({ kind: 'caller' });
    expect(decide({ status: 409 })).toEqual({ kind: 'caller' });
  });
});
