/** Plugins: what other modules may use. */
export { pluginRoutes } from './plugin.routes.js';
export { callPlugin, enabledPlugin, enabledPlugins, installedPlugin, listPlugins, loginPluginReady, type ActivePlugin } from './plugin.service.js';
export { INSTALLED_PLUGINS } from './installed.js';
