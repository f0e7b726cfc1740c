/**
 * The ready-made connectors' profile mapping (plugins/connector-oidc's exports): GitHub's user and e-mail
 * responses (docs.github.com "Users" and "Emails": the primary address counts as verified only when GitHub says
 * so) and the generic connector's configurable claim names. Their network flows are the generic one's, tested
 * against a local provider in connector.test.ts; GitHub's and Google's own servers are not reachable from tests.
 */
import { describe, expect, it } from 'vitest';
import { ConnectorError } from '@quorum/plugin-api';
import connectors, { githubProfile, profileFromClaims } from '@quorum/plugin-connector-oidc';

describe('GitHub profile', () => {
  const user = { id: 583231, login: 'octocat', name: 'The Octocat', avatar_url: 'https://avatars.githubusercontent.com/u/583231', email: 'public@octo.example' };

  it('takes the primary address, verified only as GitHub reports it', () => {
    const emails = [
      { email: 'other@octo.example', primary: false, verified: true },
      { email: 'Octo@Octo.example', primary: true, verified: true },
    ];
    expect(githubProfile(user, emails)).toMatchObject({ external_id: '583231', email: 'octo@octo.example', email_verified: true, username: 'octocat', display_name: 'The Octocat', avatar: user.avatar_url });
    expect(githubProfile(user, [{ email: 'octo@octo.example', primary: true, verified: false }])).toMatchObject({ email: 'octo@octo.example', email_verified: false });
  });

  it('falls back to the public address, unverified, when the e-mail list is not available', () => {
    expect(githubProfile(user, [])).toMatchObject({ email: 'public@octo.example', email_verified: false });
    expect(githubProfile({ id: 1, login: 'x' }, [])).toMatchObject({ external_id: '1', email: '', email_verified: false, display_name: '' });
  });

  it('refuses a response without a user id', () => {
    expect(() => githubProfile({ login: 'ghost' }, [])).toThrow(ConnectorError);
  });
});

describe('generic connector claims', () => {
  it('reads the configured claim names, nested ones with dots', () => {
    const config = { id_claim: 'oid', email_claim: 'contact.mail', email_verified_claim: 'mail_ok', name_claim: 'displayName', username_claim: 'login', avatar_claim: 'photo' };
    const claims = { oid: 'u-9', contact: { mail: 'Ana@Corp.example ' }, mail_ok: 'true', displayName: 'Ana', login: 'ana', photo: 'https://corp.example/ana.png' };
    expect(profileFromClaims(config, claims)).toMatchObject({ external_id: 'u-9', email: 'ana@corp.example', email_verified: true, display_name: 'Ana', username: 'ana', avatar: 'https://corp.example/ana.png' });
  });

  it('counts an address as verified only when the claim is true', () => {
    expect(profileFromClaims({}, { sub: 's', email: 'a@b.example' }).email_verified).toBe(false);
    expect(profileFromClaims({}, { sub: 's', email: 'a@b.example', email_verified: 'yes' }).email_verified).toBe(false);
    expect(profileFromClaims({}, { sub: 's', email: 'a@b.example', email_verified: true }).email_verified).toBe(true);
  });

  it('refuses claims without the account id', () => {
    expect(() => profileFromClaims({}, { email: 'a@b.example' })).toThrow(expect.objectContaining({ kind: 'no_external_id' }));
  });
});

describe('the package', () => {
  it('provides the generic connector and GitHub and Google ready-made, each with its button', () => {
    expect(connectors.map((p) => [p.manifest.slug_name, p.manifest.kinds, p.connector?.display({}).name])).toEqual([
      ['connector_oidc', ['connector'], 'OpenID Connect'],
      ['connector_github', ['connector'], 'GitHub'],
      ['connector_google', ['connector'], 'Google'],
    ]);
    for (const p of connectors) expect(p.connector!.display({}).icon_svg).toMatch(/^<svg /);
    expect(connectors.map((p) => (p.manifest.config ?? []).filter((f) => f.secret).map((f) => f.name))).toEqual([['client_secret'], ['client_secret'], ['client_secret']]);
  });
});
