/**
 * Open event streams of one node and what each should hear: a member's streams get `status` events (their unread
 * counts, the shape of GET /notification/status) when their notifications change; a stream opened on a question
 * page also gets `question` events (a new answer or comment, a vote count) of that question. One heartbeat timer
 * for all streams (a comment line every 25 s keeps proxies from closing idle connections).
 */
import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../core/context.js';
import { eventBus, type LiveEvent } from '../../core/events.js';
import { notificationStatus } from '../notification/index.js';
import type { UserRow } from '../../core/auth/index.js';

/** Streams one member may hold open on one node; opening another closes the oldest. */
export const MAX_STREAMS_PER_USER = 8;
const HEARTBEAT_MS = 25_000;

export interface LiveConnection {
  user: UserRow;
  lang: string;
  questionId: string;
  res: ServerResponse;
}

/** The streams of one app. */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly byQuestion = new Map<string, Set<LiveConnection>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly ctx: AppContext) {
    this.unsubscribe = eventBus(ctx).subscribe((e) => this.onEvent(e));
  }

  /** Open streams on this node. */
  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  /** Adds a stream; closes the member's oldest when they hold too many. */
  add(c: LiveConnection): void {
    const mine = this.byUser.get(c.user.id) ?? new Set();
    if (mine.size >= MAX_STREAMS_PER_USER) {
      const oldest = mine.values().next().value;
      if (oldest) oldest.res.end();
    }
    mine.add(c);
    this.byUser.set(c.user.id, mine);
    if (c.questionId) {
      const watchers = this.byQuestion.get(c.questionId) ?? new Set();
      watchers.add(c);
      this.byQuestion.set(c.questionId, watchers);
    }
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** Removes a stream (it closed). */
  remove(c: LiveConnection): void {
    const mine = this.byUser.get(c.user.id);
    mine?.delete(c);
    if (mine && !mine.size) this.byUser.delete(c.user.id);
    if (c.questionId) {
      const watchers = this.byQuestion.get(c.questionId);
      watchers?.delete(c);
      if (watchers && !watchers.size) this.byQuestion.delete(c.questionId);
    }
    if (!this.byUser.size && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** Writes one server-sent event to a stream. */
  static send(c: LiveConnection, event: string, data: unknown): void {
    if (!c.res.writableEnded) c.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private ping(): void {
    for (const set of this.byUser.values()) for (const c of set) if (!c.res.writableEnded) c.res.write(': ping\n\n');
  }

  private onEvent(e: LiveEvent): void {
    if (e.type === 'question') {
      const watchers = this.byQuestion.get(e.question_id);
      if (!watchers) return;
      const data = { kind: e.kind, question_id: e.question_id, object_id: e.object_id, user_id: e.user_id, ...(e.votes !== undefined ? { votes: e.votes } : {}) };
      for (const c of watchers) LiveHub.send(c, 'question', data);
      return;
    }
    for (const userId of e.user_ids) {
      const conns = this.byUser.get(userId);
      if (conns?.size) void this.sendStatus(conns);
    }
  }

  /** Sends a member's current unread counts to their streams (one query for all of them). */
  async sendStatus(conns: Iterable<LiveConnection>): Promise<void> {
    const list = [...conns];
    if (!list.length) return;
    try {
      const status = await notificationStatus(this.ctx, list[0]!.user, list[0]!.lang);
      for (const c of list) LiveHub.send(c, 'status', status);
    } catch (err) {
      this.ctx.log.warn({ err }, 'live status failed');
    }
  }

  /** Ends every stream and stops listening (app shutdown). */
  close(): void {
    this.unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const set of this.byUser.values()) for (const c of set) c.res.end();
    this.byUser.clear();
    this.byQuestion.clear();
  }
}
