/**
 * Revisions: every write of a post is a revision row; edits suggested by users without the
 * edit-without-review privilege wait as pending revisions until reviewed (PUT /revisions/audit).
 * The routes live in revision.routes.ts (registered by app.ts) because reviewing applies edits through the
 * question and answer modules, which themselves use this store.
 */
export { insertRevision, findRevision, findPendingRevision, listRevisions, approvedRevisions, RevisionStatus, type RevisionRow } from './revision.repository.js';
export { questionSnapshot, answerSnapshot, sameQuestion, parseSnapshot, type QuestionSnapshot, type AnswerSnapshot } from './revision.content.js';
