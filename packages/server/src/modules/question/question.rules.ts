/**
 * The write settings' body and tag rules on POST and PUT /question (issue #35 item 8; Answer 1.7's
 * `min_content` and `min_tags`): the check itself lives in the contract (questionRules.ts) so that the ask and
 * edit forms refuse exactly what the server refuses.
 */
import { questionWriteIssues } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { fieldErrors } from '../../core/errors.js';
import { getSettings } from '../siteinfo/index.js';

/**
 * Refuses a question whose body or tags fall short of the `site_write` minimums.
 * @param input the parsed request (body trimmed, tags as sent)
 * @throws 400 field errors on `content` ("Body cannot be empty." or "The body needs at least {{min}} characters.")
 *   and `tags` ("Add at least one tag." or "Add at least {{min}} tags."), in the member's language
 */
export async function checkQuestionRules(ctx: AppContext, input: { content: string; tags: readonly unknown[] }): Promise<void> {
  const { site_write } = await getSettings(ctx);
  const issues = questionWriteIssues(input, site_write);
  if (issues.length) throw fieldErrors(issues);
}
