/**
 * The connectors of this package (docs/PLUGINS.md has the walk-through): a generic OAuth 2.0 / OpenID Connect
 * connector, and GitHub and Google ready-made on the same flow.
 */
import type { QuorumPlugin } from '@quorum/plugin-api';
import oidc from './generic.js';
import github from './github.js';
import google from './google.js';

const plugins: readonly QuorumPlugin[] = [oidc, github, google];
export default plugins;
export { profileFromClaims } from './generic.js';
export { githubProfile } from './github.js';
