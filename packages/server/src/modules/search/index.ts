/**
 * Search: what other modules may use. Writers call `indexQuestion` / `indexAnswer` inside the transaction
 * that writes the post; bulk writers (the Stack Exchange importer) call `reindexAll(db)` or
 * `indexPosts(db, ids)` after their last commit.
 */
export { indexQuestion, indexAnswer, indexPosts, reindexAll, unindexPosts } from './search.indexer.js';
export type { QuestionDocInput, AnswerDocInput } from './search.indexer.js';
export { searchRoutes } from './search.routes.js';
