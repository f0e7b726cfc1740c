/** API keys for integrations: admin calls and the key lookup the guards use. */
export { apiKeyRoutes } from './apikey.routes.js';
export { API_KEY_PREFIX, isApiKey, scopeAllows, userForApiKey } from './apikey.service.js';
