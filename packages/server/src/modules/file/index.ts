/** Image uploads. */
export { fileRoutes } from './file.routes.js';
export { storeUpload, uploadsDir, UPLOADS_PREFIX, AVATAR_SIZE } from './file.service.js';
export { brandingIconUrl, BRANDING_ICON_SIZES, type BrandingIconSize } from './file.branding.js';
