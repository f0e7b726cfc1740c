/**
 * What the user-center plugins of this repository share (DingTalk, WeChat, SegmentFault): the hooks of a provider
 * whose own page does the login (redirect.ts), the HTTP rules of a call
 * to a provider and the one-time `state` of a login attempt. Not a plugin itself (no `quorum-plugin` entry).
 */
export { CALL_TIMEOUT_MS, endpoint, requestJson, str, type JsonReply } from './http.js';
export { STATE_TTL_SECONDS, issueState, takeState } from './state.js';
export { callbackUrl, redirectUserCenter, type RedirectProvider } from './redirect.js';
