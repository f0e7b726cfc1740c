/** Liveness and readiness endpoints (/healthz, /readyz). */
export { healthRoutes } from './health.routes.js';
export { HealthChecks, type Readiness, type CheckState } from './health.service.js';
