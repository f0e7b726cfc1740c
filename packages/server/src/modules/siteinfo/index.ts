/** Site settings: what other modules may use. */
export { getSettings, saveSection, invalidateSettings, siteInfoPayload, VERSION } from './siteinfo.service.js';
export { defaultSettings, DEFAULT_SITE_NAME, type SiteSettings, type SettingsSection } from './siteinfo.defaults.js';
export { siteinfoRoutes } from './siteinfo.routes.js';
export { isLegalTemplate, starterLegalTexts } from './legal.templates.js';
export { siteinfoAdminRoutes } from './siteinfo.admin.routes.js';
export { loadSettingsRow, saveSettingsRow } from './siteinfo.repository.js';
