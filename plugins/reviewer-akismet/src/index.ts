/**
 * The Akismet reviewer (`reviewer_akismet`, plugins/reviewer-akismet/README.md): asks Akismet about each new or
 * edited question, answer, comment and profile, and reports moderators' decisions back.
 * - comment-check `false` → pass; `true` → queue for review; `true` with `X-akismet-pro-tip: discard` → reject
 *   (blatant spam), unless the admin turns **Refuse blatant spam** off (then it is queued too).
 * - a moderator approving a post Akismet queued → submit-ham; rejecting it → submit-spam.
 * Any other answer, an HTTP error or a network failure throws: the server queues the post and shows the error as
 * this plugin's last error on the admin plugins page.
 */
import { definePlugin, type ConfigField, type PluginConfig, type ReviewerContext } from '@quorum/plugin-api';
import { AKISMET_API_URL, commentCheck, submit, type AkismetSettings } from './akismet.js';

/** The configuration form (admin console `/admin/reviewer_akismet`). */
export const AKISMET_FIELDS: readonly ConfigField[] = [
  { name: 'api_key', type: 'input', label: 'API key', description: 'Your Akismet API key (akismet.com, account page).', required: true, secret: true },
  { name: 'blog_url', type: 'input', format: 'url', label: 'Site URL', description: "The front page registered with the key; empty: the site's URL." },
  { name: 'discard_rejects', type: 'switch', label: 'Refuse blatant spam', description: "Off: what Akismet calls blatant spam waits in the review queue like other spam.", default: 'true' },
  { name: 'is_test', type: 'switch', label: 'Test mode', description: 'Sends is_test with every call, so that Akismet does not learn from them.', default: 'false' },
  { name: 'api_url', type: 'input', format: 'url', label: 'Akismet API URL', description: 'Change only to test against a local server.', default: AKISMET_API_URL },
];

function settingsOf(config: PluginConfig, rc: ReviewerContext): AkismetSettings {
  return { api_url: config.api_url || AKISMET_API_URL, api_key: config.api_key ?? '', blog: config.blog_url || rc.site_url, is_test: config.is_test === 'true', fetch: rc.fetch };
}

export default definePlugin({
  manifest: {
    slug_name: 'reviewer_akismet',
    name: 'Akismet',
    version: '1.0.0',
    description: 'Checks new and edited posts and profiles with Akismet; spam waits in the review queue, and moderators’ decisions teach Akismet.',
    link: 'https://akismet.com/developers/',
    kinds: ['reviewer'],
    config: AKISMET_FIELDS,
  },
  reviewer: {
    async review(rc, subject) {
      const verdict = await commentCheck(settingsOf(rc.config, rc), subject);
      if (verdict === 'ham') return { decision: 'pass' };
      if (verdict === 'discard' && rc.config.discard_rejects !== 'false') return { decision: 'reject', reason: 'Akismet: blatant spam' };
      return { decision: 'queue', reason: 'Akismet: spam' };
    },
    async reportSpam(rc, subject) {
      await submit(settingsOf(rc.config, rc), 'spam', subject);
    },
    async reportHam(rc, subject) {
      await submit(settingsOf(rc.config, rc), 'ham', subject);
    },
  },
});
