import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { isAnswerPageKeyOf, questionInfoKey } from '../questions/hooks';

/**
 * After PUT /question or PUT /answer: when the revision waits for review, says so (spec §8 'Your revision will
 * show after review.'); otherwise confirms the save. Either way the question's cached data is dropped so the
 * page reads the new text.
 */
export function afterSave(qc: QueryClient, qid: string, waitForReview: boolean): void {
  toast(i18n.t(waitForReview ? 'qa.edit.wait_for_review' : 'qa.edit.saved'), waitForReview ? 'info' : 'success');
  void qc.invalidateQueries({ queryKey: [questionInfoKey(qid)] });
  void qc.invalidateQueries({ predicate: (q) => isAnswerPageKeyOf(qid, q.queryKey[0]) });
}
