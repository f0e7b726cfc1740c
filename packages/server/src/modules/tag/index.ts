/** Tags: what other modules may use. */
export { planQuestionTags, applyQuestionTags, presentTagsOfQuestions, suggestTags, tagIdBySlug, normalizeSlug } from './tag.service.js';
export { tagInfo, tagPage, tagSummaryBySlug, tagSynonyms } from './tag.read.service.js';
export type { TagPlan } from './tag.service.js';
export type { TagRow } from './tag.repository.js';
export { tagRoutes } from './tag.routes.js';
export { newTagRow } from './tag.presenter.js';
export { tagSnapshot, prepareTagEdit, writeTagEdit, type TagSnapshot } from './tag.revision.js';
export { findTagById } from './tag.repository.js';
