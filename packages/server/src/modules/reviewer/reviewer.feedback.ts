/**
 * A moderator's decision on a post queued by a reviewer, reported back to the reviewer plugins (issue "spam and
 * abuse defence" item 2): approving it is reported as ham (`reportHam`, Akismet's submit-ham), rejecting it as
 * spam (`reportSpam`, submit-spam), with the subject the plugins saw when it was posted (reviewer.apply.ts keeps
 * it). Each call is bounded by the reviewer timeout; a failure is logged and kept as the plugin's last error and
 * never undoes nor fails the moderator's decision.
 */
import type { ReviewSubject } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { callPlugin } from '../plugin/index.js';
import { getSettings } from '../siteinfo/index.js';
import { takeEntry } from '../user-center/plugin-store.repository.js';
import { SUBJECT_STORE_SLUG } from './reviewer.apply.js';
import { reviewerContext, reviewerPlugins, withTimeout } from './reviewer.service.js';

/**
 * Reports the decision on queued post `id` (a question or answer) to every enabled reviewer plugin that takes
 * feedback. Does nothing for a post no reviewer queued (nothing kept).
 * @param approved true: approved (ham); false: rejected (spam)
 */
export async function reportReviewDecision(ctx: AppContext, id: string, approved: boolean): Promise<void> {
  try {
    const kept = await takeEntry(requireDb(ctx), SUBJECT_STORE_SLUG, `queued:${id}`, nowSeconds());
    if (!kept) return;
    const subject = JSON.parse(kept) as ReviewSubject;
    const seconds = Number((await getSettings(ctx)).site_spam.reviewer_timeout_seconds) || 3;
    await Promise.all(
      (await reviewerPlugins(ctx)).map(async ({ plugin, config }) => {
        const hook = approved ? plugin.reviewer!.reportHam : plugin.reviewer!.reportSpam;
        if (!hook) return;
        await callPlugin(ctx, plugin.manifest.slug_name, () => withTimeout(seconds * 1000, async (signal) => hook.call(plugin.reviewer, await reviewerContext(ctx, config, signal), subject))).catch(() => undefined);
      }),
    );
  } catch (err) {
    ctx.log.error({ err, id }, 'could not report a review decision');
  }
}
