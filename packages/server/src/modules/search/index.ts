/**
 * Search: what other modules may use. Writers call `indexQuestion` / `indexAnswer` inside the transaction
 * that writes the post; bulk writers (the Stack Exchange importer) build rows with `questionDoc` / `answerDoc`
 * (body text from `bodyIndexText`, computable in worker threads) and write them with `insertSearchDocs` in
 * their own transaction; `reindexAll(db)` and `indexPosts(db, ids)` rebuild or repair the index.
 */
export { indexQuestion, indexAnswer, indexPosts, reindexAll, unindexPosts, questionDoc, answerDoc, bodyIndexText, insertSearchDocs } from './search.indexer.js';
export type { QuestionDocInput, AnswerDocInput } from './search.indexer.js';
export { searchRoutes } from './search.routes.js';
