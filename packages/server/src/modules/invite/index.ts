/** Invitations to answer. */
export { inviteRoutes } from './invite.routes.js';
