/** Digests and scheduled mail work: the weekly digest, tag digests, new-question e-mails to tag followers and mailing-list mode. */
export { runMailJobs, JobStatus, JOB_LEASE_SECONDS, type PassResult } from './digest.jobs.js';
export { startDigestScheduler, DIGEST_POLL_MS } from './digest.scheduler.js';
export { DIGEST_LIMIT } from './digest.compose.js';
export { previousWeek, previousDay, type Period } from './period.js';
