/**
 * Authorization codes and access tokens of a fake provider: a code is issued for the account signing in, used once,
 * and expires; a token names its account.
 */
import { randomBytes } from 'node:crypto';

interface CodeGrant<A> {
  account: A;
  client_id: string;
  redirect_uri: string;
  expires_at: number;
  used: boolean;
  /** PKCE challenge sent with the authorization request, '' for none */
  code_challenge: string;
}

/** Why a code was refused. */
export type CodeRefusal = 'unknown' | 'used' | 'expired' | 'wrong_client';

export class Grants<A> {
  private readonly codes = new Map<string, CodeGrant<A>>();
  private readonly tokens = new Map<string, A>();

  /** How long a code lives, in milliseconds (providers say five to ten minutes). */
  constructor(private readonly codeTtlMs = 5 * 60_000) {}

  issueCode(account: A, clientId: string, redirectUri: string, codeChallenge = ''): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { account, client_id: clientId, redirect_uri: redirectUri, expires_at: Date.now() + this.codeTtlMs, used: false, code_challenge: codeChallenge });
    return code;
  }

  /** Makes every code issued so far expired (the "expired code" case). */
  expireCodes(): void {
    for (const g of this.codes.values()) g.expires_at = 0;
  }

  /** Uses a code: the grant, or why it is refused. */
  redeem(code: string, clientId: string): CodeGrant<A> | CodeRefusal {
    const g = this.codes.get(code);
    if (!g) return 'unknown';
    if (g.client_id !== clientId) return 'wrong_client';
    if (g.used) return 'used';
    g.used = true;
    if (g.expires_at < Date.now()) return 'expired';
    return g;
  }

  issueToken(account: A): string {
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, account);
    return token;
  }

  accountOf(token: string): A | undefined {
    return this.tokens.get(token);
  }
}
