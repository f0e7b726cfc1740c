/**
 * GET /admin/api/dashboard: Answer's DashboardInfo (counts, resolved and unanswered questions with their rates,
 * `smtp` as enabled | disabled | not_configured, site health, version) plus the 30-day series of new
 * questions, answers and users, e-mails waiting in the outbox, the first-run checklist and the recent admin
 * actions. The aggregates over whole tables (counts, series, database size) cost 100-200 ms at 100k questions
 * (docs/BENCHMARKS.md), so they are reused for AGGREGATE_CACHE_MS per process, then refreshed in the background
 * while the previous figures answer, and dropped by admin content changes (Answer keeps its dashboard for an
 * hour). The stored uploads are listed at most once a minute; settings, SMTP state, checklist and recent actions
 * are read on every call.
 */
import type { DashboardChecklistItem, DashboardDay, DashboardInfo } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { CONTENT, registerCache } from '../../core/coherence.js';
import { getSmtp, isConfigured, OutboxStatus } from '../mail/index.js';
import { uploadStorage } from '../../core/storage/index.js';
import { getSettings, isLegalTemplate, VERSION } from '../siteinfo/index.js';
import { hasAuditAction, recentAdminActions } from '../audit/index.js';
import { dashboardCounts, databaseInfo, perDay } from './dashboard.repository.js';

/** Days in the charts (issue: the last 30 days, today included). */
export const CHART_DAYS = 30;
/** Recent admin actions shown. */
export const RECENT_ACTIONS = 10;
const UPLOADS_CACHE_MS = 60_000;
const DAY = 86400;

/** How long counts and series are reused (ms). */
export const AGGREGATE_CACHE_MS = 30_000;

let uploadsCache = new WeakMap<AppContext, { at: number; bytes: number }>();
registerCache('dashboard-uploads', { reads: ['files'], windowMs: UPLOADS_CACHE_MS, what: 'bytes of the stored uploads' }, () => {
  uploadsCache = new WeakMap();
});

type Aggregates = { counts: Awaited<ReturnType<typeof dashboardCounts>>; days: DashboardDay[]; dbInfo: { version: string; size: number } };
let aggregateCache = new WeakMap<AppContext, { at: number; timeZone: string; value: Aggregates }>();
// Counts of members, posts, flags, reviews and mail: a write to any of their tables anywhere drops them.
registerCache('dashboard', { reads: [CONTENT, 'questions', 'answers', 'comments', 'users', 'votes', 'reports', 'review_queue', 'outbox', 'mail_jobs', 'user_visit_days'], windowMs: AGGREGATE_CACHE_MS, what: 'admin dashboard counts and series' }, () => {
  aggregateCache = new WeakMap();
});
const refreshing = new WeakSet<AppContext>();

/** Drops the cached counts and series (after an admin changes content). */
export function invalidateDashboard(ctx: AppContext): void {
  aggregateCache.delete(ctx);
}

async function computeAggregates(ctx: AppContext, timeZone: string): Promise<Aggregates> {
  const db = requireDb(ctx);
  const [counts, days, dbInfo] = await Promise.all([dashboardCounts(db, [OutboxStatus.pending, OutboxStatus.sending]), series(ctx, timeZone), databaseInfo(db)]);
  return { counts, days, dbInfo };
}

/**
 * Counts and series: computed on the first call (and after invalidateDashboard); younger than AGGREGATE_CACHE_MS
 * they are reused; older, the previous figures answer at once while one refresh runs in the background.
 */
async function aggregates(ctx: AppContext, timeZone: string): Promise<Aggregates> {
  const hit = aggregateCache.get(ctx);
  if (!hit || hit.timeZone !== timeZone) {
    // Stored in the map of when it began: a clear meanwhile replaces the map, and these figures go with it.
    const kept = aggregateCache;
    const value = await computeAggregates(ctx, timeZone);
    kept.set(ctx, { at: Date.now(), timeZone, value });
    return value;
  }
  if (Date.now() - hit.at >= AGGREGATE_CACHE_MS && !refreshing.has(ctx)) {
    refreshing.add(ctx);
    computeAggregates(ctx, timeZone)
      .then((value) => {
        if (aggregateCache.get(ctx) === hit) aggregateCache.set(ctx, { at: Date.now(), timeZone, value });
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'dashboard refresh failed'))
      .finally(() => refreshing.delete(ctx));
  }
  return hit.value;
}

/**
 * Bytes of every stored upload (with the branding icon copies), from the site's storage (core/storage: the
 * uploads folder, or the bucket's listing on S3), read at most once a minute. A storage that cannot be listed
 * gives the last figure read (0 before any): the dashboard still answers.
 */
async function uploadsBytes(ctx: AppContext): Promise<number> {
  const hit = uploadsCache.get(ctx);
  if (hit && Date.now() - hit.at < UPLOADS_CACHE_MS) return hit.bytes;
  let bytes: number;
  try {
    bytes = (await uploadStorage(ctx).list()).reduce((sum, o) => sum + o.size, 0);
  } catch {
    return hit?.bytes ?? 0;
  }
  uploadsCache.set(ctx, { at: Date.now(), bytes });
  return bytes;
}

/** Bytes as '512 B', '1.2 KB', '35.1 MB', '2.0 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/**
 * A share of the questions as Answer's dashboard writes it: a percentage with two decimals ('33.33'), '0.00' when
 * there are no questions (dashboard_service.go).
 */
export function percent(part: number, whole: number): string {
  return whole > 0 ? ((part / whole) * 100).toFixed(2) : '0.00';
}

/** Seconds to add to UTC to get the wall-clock time of `timeZone` at `at` (ms); 0 for an unknown zone. */
export function zoneOffsetSeconds(timeZone: string, at = Date.now()): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 1000);
  } catch {
    return 0;
  }
}

/**
 * The last CHART_DAYS days in the site's time zone, oldest first, each with its new questions, answers and users.
 * @param timeZone IANA zone of the interface settings
 */
async function series(ctx: AppContext, timeZone: string): Promise<DashboardDay[]> {
  const db = requireDb(ctx);
  const offset = zoneOffsetSeconds(timeZone);
  const localNow = Math.floor(Date.now() / 1000) + offset;
  const firstLocalDay = localNow - (localNow % DAY) - (CHART_DAYS - 1) * DAY;
  const since = firstLocalDay - offset;
  const [questions, answers, users] = await Promise.all([perDay(db, 'questions', since, offset), perDay(db, 'answers', since, offset), perDay(db, 'users', since, offset)]);
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const start = since + i * DAY;
    return {
      date: new Date((firstLocalDay + i * DAY) * 1000).toISOString().slice(0, 10),
      questions: questions.get(start) ?? 0,
      answers: answers.get(start) ?? 0,
      users: users.get(start) ?? 0,
    };
  });
}

/**
 * The first-run checklist: SMTP configured, both legal texts written (a starter template still carrying its
 * note does not count), registration policy reviewed (closed, or the
 * login settings saved once). Links are the admin pages that fix each item.
 */
async function checklist(ctx: AppContext, smtp: boolean, legalDone: boolean, registrationsOpen: boolean): Promise<DashboardChecklistItem[]> {
  const reviewed = !registrationsOpen || (await hasAuditAction(requireDb(ctx), 'settings.login'));
  return [
    { key: 'smtp', done: smtp, link: '/admin/smtp' },
    { key: 'legal', done: legalDone, link: '/admin/legal' },
    { key: 'registration', done: reviewed, link: '/admin/login' },
  ];
}

/**
 * The dashboard payload (see DashboardInfo in the contract).
 * @param opts.fresh recompute the counts and series instead of reusing them (benchmarks)
 */
export async function dashboardInfo(ctx: AppContext, opts: { fresh?: boolean } = {}): Promise<DashboardInfo> {
  const db = requireDb(ctx);
  const settings = await getSettings(ctx);
  if (opts.fresh) invalidateDashboard(ctx);
  const [{ counts, days, dbInfo }, uploads, smtpSettings, recent] = await Promise.all([
    aggregates(ctx, settings.interface.time_zone),
    uploadsBytes(ctx),
    // Answer's smtp state: `disabled` when the settings cannot be read.
    getSmtp(ctx).catch(() => undefined),
    recentAdminActions(ctx, RECENT_ACTIONS),
  ]);
  const smtp = smtpSettings === undefined ? 'disabled' : isConfigured(smtpSettings) ? 'enabled' : 'not_configured';
  const { terms_of_service_original_text: terms, privacy_policy_original_text: privacy } = settings.legal;
  const legalDone = !!terms.trim() && !!privacy.trim() && !isLegalTemplate(terms) && !isLegalTemplate(privacy);
  return {
    ...counts,
    resolved_rate: percent(counts.resolved_count, counts.question_count),
    unanswered_rate: percent(counts.unanswered_count, counts.question_count),
    uploading_files: true,
    smtp,
    https: settings.general.site_url.startsWith('https://'),
    login_required: settings.login.login_required,
    time_zone: settings.interface.time_zone,
    occupying_storage_space: formatBytes(uploads),
    uploads_size_bytes: uploads,
    app_start_time: String(Math.floor(process.uptime())),
    version_info: { version: VERSION, revision: '', remote_version: '' },
    database_type: db.dialect === 'sqlite' ? 'sqlite3' : db.dialect,
    database_version: dbInfo.version,
    database_size: formatBytes(dbInfo.size),
    database_size_bytes: dbInfo.size,
    days,
    checklist: await checklist(ctx, smtp === 'enabled', legalDone, settings.login.allow_new_registrations),
    recent_actions: recent,
  };
}
