/**
 * Answer import module: moving an Apache Answer 1.x site to Quorum (`quorum import answer --db <DSN or file>`).
 * What other modules and the CLI may use: `importAnswer`, `runAnswerImportCli`, `formatSummary`, `SourceError`
 * and the summary type.
 */
export { importAnswer, formatSummary, type AnswerImportOptions, type AnswerImportSummary } from './answer-import.service.js';
export { runAnswerImportCli } from './cli.js';
export { SourceError } from './source.repository.js';
