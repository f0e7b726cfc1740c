/** Community wiki posts (issue #35 item 5). */
export { wikiRoutes } from './wiki.routes.js';
export { setPostWiki } from './wiki.service.js';
export { presentWiki } from './wiki.presenter.js';
export { wikiEditorCounts } from './wiki.repository.js';
