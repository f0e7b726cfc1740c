/**
 * The steps of one Answer import (see answer-import.service.ts for the order and the guarantees). Each step
 * reads its Answer table in id order, batch by batch, and writes each batch in one transaction.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { nowSeconds } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/dialect.js';
import { formatId, type IdGenerator } from '../../core/db/ids.js';
import type { NewRow } from './target.repository.js';
import type { ObjectTypeName } from '@quorum/contract';
import { indexPosts } from '../search/index.js';
import * as target from './target.repository.js';
import { countRows, maxId, readAll, readBatch, sourceTables, SourceError, type AnswerSource, type SourceRow } from './source.repository.js';
import { int, mapActivity, mapAnswer, mapCollection, mapComment, mapExternalLogin, mapNotification, mapQuestion, mapQuestionLink, mapRevision, mapTag, mapTagRel, mapUser, NOT_IMPORTED, sequenceOf, str, typeOfId } from './mapper.js';
import { mergeSection, planSettings } from './settings.map.js';
import { SummaryBuilder } from './summary.js';
import { readConfig } from '../../config/config.js';
import { contentTypeOf, startStorage } from '../../core/storage/index.js';
import type { AnswerImportOptions } from './answer-import.service.js';

/** Answer tables read in batches, with the key they are paged by. */
const BATCHED = ['user', 'question', 'answer', 'comment', 'tag_rel', 'revision', 'activity', 'collection', 'notification', 'question_link', 'user_external_login'] as const;

/** Our id sequence of each Answer table whose ids are kept (activity, revision, notification: auto-increment numbers). */
const SEQUENCES: Array<[string, ObjectTypeName, boolean]> = [
  ['user', 'user', false],
  ['question', 'question', false],
  ['answer', 'answer', false],
  ['tag', 'tag', false],
  ['comment', 'comment', false],
  ['collection', 'collection', false],
  ['revision', 'revision', true],
  ['activity', 'activity', true],
  ['notification', 'notification', true],
];

/** Rank of a role when a user has several rows in user_role_rel: admin over moderator over user. */
const ROLE_WEIGHT: Record<number, number> = { 2: 3, 3: 2, 1: 1 };

export class AnswerImportRun {
  readonly summary = new SummaryBuilder();
  private tables = new Set<string>();
  private total = 0;
  private done = 0;
  private readonly batch: number;
  /** Answer user id -> our id, for users that could not keep theirs. */
  private readonly userMap = new Map<string, string>();
  /** Answer tag id -> our id, for tags merged into an existing tag or given a new id. */
  private readonly tagMap = new Map<string, string>();
  /** Answer config id -> key (activity types). */
  private configKeys = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly src: AnswerSource,
    private readonly opts: AnswerImportOptions,
  ) {
    this.batch = Math.max(1, opts.batchSize ?? 500);
  }

  private readonly user = (id: string): string => (id ? (this.userMap.get(id) ?? id) : '');
  private readonly tag = (id: string): string => (id ? (this.tagMap.get(id) ?? id) : '');

  /** Checks that the source is an Answer database, counts its rows for the progress bar, reads config. */
  async prepare(): Promise<void> {
    this.tables = await sourceTables(this.src);
    for (const t of ['user', 'question', 'answer', 'tag']) {
      if (!this.tables.has(t)) throw new SourceError(`${this.src.label}: no "${t}" table: not an Apache Answer database`);
    }
    for (const t of [...BATCHED, 'tag']) if (this.tables.has(t)) this.total += await countRows(this.src, t);
    if (this.tables.has('config')) {
      for (const r of await readAll(this.src, 'config')) this.configKeys.set(str(r.id), str(r.key));
    }
    this.opts.log?.(`Importing ${this.total} rows from ${this.src.label} ...`);
  }

  /** Moves our id sequences past the largest Answer id of every kept kind. */
  async advanceSequences(): Promise<void> {
    for (const [table, type, counter] of SEQUENCES) {
      if (!this.tables.has(table)) continue;
      const max = await maxId(this.src, table);
      if (!max) continue;
      const seq = counter ? Number(max) : sequenceOf(type, max);
      if (seq > 0) await target.advanceSequence(this.db, type, seq + 1);
    }
  }

  /** Reads `table` batch by batch in id order and hands each batch to `fn`. */
  private async each(table: (typeof BATCHED)[number], fn: (rows: SourceRow[]) => Promise<void>): Promise<void> {
    if (!this.tables.has(table)) return;
    let after = '';
    for (;;) {
      const rows = await readBatch(this.src, table, 'id', after, this.batch);
      if (!rows.length) return;
      await fn(rows);
      after = str(rows[rows.length - 1]!.id);
      this.done += rows.length;
      this.opts.onProgress?.(this.done, this.total);
      if (rows.length < this.batch) return;
    }
  }

  /** Users: kept ids; an account with the same e-mail here takes the Answer account's place. */
  async users(): Promise<void> {
    const roles = new Map<string, number>();
    if (this.tables.has('user_role_rel')) {
      for (const r of await readAll(this.src, 'user_role_rel')) {
        const uid = str(r.user_id);
        const role = int(r.role_id);
        if ((ROLE_WEIGHT[role] ?? 0) > (ROLE_WEIGHT[roles.get(uid) ?? 0] ?? 0)) roles.set(uid, role);
      }
    }
    const known = await target.loadMap(this.db, 'user');
    for (const [a, b] of known) this.userMap.set(a, b);
    const k = this.summary.kind('users');
    await this.each('user', async (rows) => {
      k.read += rows.length;
      const users = rows.map((r) => mapUser(r, roles.get(str(r.id)) ?? 1));
      const byId = await target.usersById(this.db, users.map((u) => u.id));
      const byEmail = await target.userIdsByEmail(this.db, users.map((u) => u.e_mail).filter(Boolean));
      const fresh: typeof users = [];
      const mapRows: NewRow<'import_map'>[] = [];
      for (const u of users) {
        const here = byId.get(u.id);
        const owner = u.e_mail ? byEmail.get(u.e_mail) : undefined;
        if (known.has(u.id) || (here && here.e_mail.toLowerCase() === u.e_mail)) {
          k.existing++;
        } else if (owner) {
          this.userMap.set(u.id, owner);
          mapRows.push({ source: target.MAP_SOURCE, kind: 'user', external_id: u.id, internal_id: owner });
          this.summary.note(`user ${u.username} (${u.id}) is the existing account ${owner} with the same e-mail`);
          k.existing++;
        } else {
          if (here) {
            const id = String(await this.ids.reserve('user', 1));
            this.summary.note(`user ${u.username}: id ${u.id} is another account here, imported as ${id}`);
            this.userMap.set(u.id, id);
            mapRows.push({ source: target.MAP_SOURCE, kind: 'user', external_id: u.id, internal_id: id });
            u.id = id;
          }
          fresh.push(u);
        }
      }
      const taken = await target.takenUsernames(this.db, fresh.map((u) => u.username));
      for (const u of fresh) {
        if (!taken.has(u.username)) continue;
        const renamed = `${u.username.slice(0, 29 - u.id.length)}-${u.id}`;
        this.summary.note(`user ${u.username} (${u.id}): the username is taken here, imported as ${renamed}`);
        u.username = renamed;
      }
      await transaction(this.db, async (tx) => {
        const n = await target.insertIgnore(tx, 'users', fresh);
        k.imported += n;
        if (n < fresh.length) this.summary.skip('users', 'username or e-mail already used by another account here', fresh.length - n);
        await target.insertIgnore(tx, 'import_map', mapRows);
      });
    });
  }

  /** Tags and synonyms: kept ids; a tag whose name exists here is merged into it. */
  async tags(): Promise<void> {
    const k = this.summary.kind('tags');
    const rows = await readAll(this.src, 'tag');
    k.read = rows.length;
    const known = await target.loadMap(this.db, 'tag');
    const here = await target.allTags(this.db);
    const bySlug = new Map([...here].map(([id, slug]) => [slug, id]));
    const tags = rows.map(mapTag);
    const fresh: typeof tags = [];
    const mapRows: NewRow<'import_map'>[] = [];
    for (const t of tags) {
      const mapped = known.get(t.id);
      if (mapped) {
        this.tagMap.set(t.id, mapped);
        k.existing++;
      } else if (here.get(t.id) === t.slug_name) {
        k.existing++;
      } else if (bySlug.has(t.slug_name)) {
        const id = bySlug.get(t.slug_name)!;
        this.tagMap.set(t.id, id);
        mapRows.push({ source: target.MAP_SOURCE, kind: 'tag', external_id: t.id, internal_id: id });
        this.summary.note(`tag ${t.slug_name} (${t.id}) is the existing tag ${id}`);
        k.existing++;
      } else {
        if (here.has(t.id)) {
          const id = formatId('tag', await this.ids.reserve('tag', 1));
          this.summary.note(`tag ${t.slug_name}: id ${t.id} is another tag here, imported as ${id}`);
          this.tagMap.set(t.id, id);
          mapRows.push({ source: target.MAP_SOURCE, kind: 'tag', external_id: t.id, internal_id: id });
          t.id = id;
        }
        fresh.push(t);
      }
    }
    for (const t of fresh) {
      t.main_tag_id = this.tag(t.main_tag_id ?? '');
      t.user_id = this.user(t.user_id ?? '');
    }
    await transaction(this.db, async (tx) => {
      k.imported += await target.insertIgnore(tx, 'tags', fresh);
      await target.insertIgnore(tx, 'import_map', mapRows);
    });
    this.done += rows.length;
    this.opts.onProgress?.(this.done, this.total);
  }

  /** Questions or answers, with their search index rows. */
  async posts(table: 'question' | 'answer', ours: 'questions' | 'answers'): Promise<void> {
    const k = this.summary.kind(ours);
    await this.each(table, async (rows) => {
      k.read += rows.length;
      const posts = rows.map((r) => (table === 'question' ? mapQuestion(r, this.user) : mapAnswer(r, this.user)));
      const have = await target.existingIds(this.db, ours, posts.map((p) => p.id));
      const fresh = posts.filter((p) => !have.has(p.id));
      k.existing += posts.length - fresh.length;
      if (!fresh.length) return;
      await transaction(this.db, async (tx) => {
        k.imported += await target.insertIgnore(tx, ours, fresh as never[]);
        await indexPosts(tx, fresh.map((p) => p.id));
      });
    });
  }

  /** Comments. */
  async comments(): Promise<void> {
    await this.simple('comment', 'comments', 'comments', (r) => mapComment(r, this.user));
  }

  /** Rows with an id: read, leave out those present, insert the rest. */
  private async simple<T extends 'comments' | 'collections' | 'notifications' | 'revisions'>(table: (typeof BATCHED)[number], ours: T, kind: string, map: (r: SourceRow) => NewRow<T> | string): Promise<void> {
    const k = this.summary.kind(kind);
    await this.each(table, async (rows) => {
      k.read += rows.length;
      const mapped: NewRow<T>[] = [];
      for (const r of rows) {
        const m = map(r);
        if (typeof m === 'string') this.summary.skip(kind, m);
        else mapped.push(m);
      }
      const have = await target.existingIds(this.db, ours, mapped.map((m) => (m as unknown as { id: string }).id));
      const fresh = mapped.filter((m) => !have.has((m as unknown as { id: string }).id));
      k.existing += mapped.length - fresh.length;
      if (fresh.length) k.imported += await transaction(this.db, (tx) => target.insertIgnore(tx, ours, fresh));
    });
  }

  /** Linked questions (question_link) and third-party login bindings (user_external_login): rows without an id of ours. */
  async links(): Promise<void> {
    await this.keyed('question_link', 'question_links', 'linked_questions', mapQuestionLink);
    await this.keyed('user_external_login', 'external_logins', 'external_logins', (r) => mapExternalLogin(r, this.user));
  }

  /** Rows kept by their natural key: insert what is not there yet. */
  private async keyed<T extends 'question_links' | 'external_logins'>(table: (typeof BATCHED)[number], ours: T, kind: string, map: (r: SourceRow) => NewRow<T> | string): Promise<void> {
    if (!this.tables.has(table)) return;
    const k = this.summary.kind(kind);
    await this.each(table, async (rows) => {
      k.read += rows.length;
      const fresh: NewRow<T>[] = [];
      for (const r of rows) {
        const m = map(r);
        if (typeof m === 'string') this.summary.skip(kind, m);
        else fresh.push(m);
      }
      const n = fresh.length ? await transaction(this.db, (tx) => target.insertIgnore(tx, ours, fresh)) : 0;
      k.imported += n;
      k.existing += fresh.length - n;
    });
  }

  /** Answer tables with content that is not imported: counted in the summary with the reason. */
  async notImported(): Promise<void> {
    for (const [table, reason] of Object.entries(NOT_IMPORTED)) {
      if (!this.tables.has(table)) continue;
      const n = await countRows(this.src, table);
      if (!n) continue;
      this.summary.kind(table).read = n;
      this.summary.skip(table, reason, n);
    }
  }

  /** Question-tag links (tag ids through the tag map). */
  async tagLinks(): Promise<void> {
    const k = this.summary.kind('tag_links');
    await this.each('tag_rel', async (rows) => {
      k.read += rows.length;
      const links = rows.map(mapTagRel).map((l) => ({ ...l, tag_id: this.tag(l.tag_id) }));
      const n = await transaction(this.db, (tx) => target.insertIgnore(tx, 'tag_rel', links));
      k.imported += n;
      k.existing += links.length - n;
    });
  }

  /** Revisions (edit history and the review queue's pending edits). */
  async revisions(): Promise<void> {
    await this.simple('revision', 'revisions', 'revisions', (r) => {
      const m = mapRevision(r, this.user);
      if (typeof m !== 'string' && m.object_type === 'tag') m.object_id = this.tag(m.object_id);
      return m;
    });
  }

  /** Answer's activity table: votes, follows, timeline and reputation rows. */
  async activity(): Promise<void> {
    const kv = this.summary.kind('votes');
    const kf = this.summary.kind('follows');
    const ka = this.summary.kind('activity');
    await this.each('activity', async (rows) => {
      const votes: NewRow<'votes'>[] = [];
      const follows: NewRow<'follows'>[] = [];
      const acts: NewRow<'activity'>[] = [];
      for (const r of rows) {
        const m = mapActivity(r, this.configKeys.get(str(r.activity_type)) ?? '', this.user, typeOfId);
        if (m.kind === 'vote') {
          votes.push(m.vote);
          if (m.activity) acts.push(m.activity);
        } else if (m.kind === 'follow') follows.push({ ...m.follow, object_id: m.follow.object_type === 'tag' ? this.tag(m.follow.object_id) : m.follow.object_id });
        else if (m.kind === 'activity') acts.push(m.activity);
        else this.summary.skip('activity', m.reason);
      }
      kv.read += votes.length;
      kf.read += follows.length;
      ka.read += rows.length - follows.length;
      const have = await target.existingIds(this.db, 'activity', acts.map((a) => a.id));
      const fresh = acts.filter((a) => !have.has(a.id));
      ka.existing += acts.length - fresh.length;
      await transaction(this.db, async (tx) => {
        const nv = await target.insertIgnore(tx, 'votes', votes);
        const nf = await target.insertIgnore(tx, 'follows', follows);
        kv.imported += nv;
        kv.existing += votes.length - nv;
        kf.imported += nf;
        kf.existing += follows.length - nf;
        ka.imported += await target.insertIgnore(tx, 'activity', fresh);
      });
    });
  }

  /** Bookmarks (Answer's collections; its collection groups are not kept). */
  async collections(): Promise<void> {
    await this.simple('collection', 'collections', 'bookmarks', (r) => mapCollection(r, this.user));
  }

  /** Inbox and achievement notifications. */
  async notifications(): Promise<void> {
    await this.simple('notification', 'notifications', 'notifications', (r) => mapNotification(r, this.user));
  }

  /** Site settings from site_info, written only where they differ. */
  async settings(): Promise<void> {
    const k = this.summary.kind('settings');
    if (!this.tables.has('site_info')) return;
    const rows = (await readAll(this.src, 'site_info')).filter((r) => int(r.status) !== 10 && int(r.status) !== 2).map((r) => ({ type: str(r.type), content: str(r.content) }));
    k.read = rows.length;
    const plan = planSettings(rows);
    for (const s of plan.skipped) this.summary.skip('settings', `${s.what}: ${s.reason}`);
    const current = await target.loadSettings(this.db);
    for (const [section, fields] of plan.sections) {
      const { value, changed } = mergeSection(current.get(section), fields, section);
      if (!changed) {
        k.existing++;
        continue;
      }
      await target.saveSetting(this.db, section, value, nowSeconds());
      k.imported++;
    }
  }

  /**
   * Copies Answer's uploads directory into this site's storage (the uploads folder, or the S3 bucket the
   * settings name; core/storage), under the same keys, so links in posts keep their `/uploads/...` paths.
   * Files already there are kept.
   */
  async uploads(): Promise<void> {
    if (!this.opts.uploads) return;
    if (!existsSync(this.opts.uploads)) throw new SourceError(`${this.opts.uploads}: uploads directory not found`);
    if (!this.opts.dataDir) throw new SourceError('--uploads needs the data directory of this site');
    const k = this.summary.kind('uploads');
    const storage = await startStorage(this.opts.dataDir, readConfig(this.opts.dataDir)?.storage);
    const walk = async (dir: string, rel: string): Promise<void> => {
      for (const name of readdirSync(dir)) {
        const from = path.join(dir, name);
        const key = rel ? `${rel}/${name}` : name;
        if (statSync(from).isDirectory()) {
          await walk(from, key);
          continue;
        }
        k.read++;
        if (await storage.exists(key)) {
          k.existing++;
          continue;
        }
        await storage.put(key, readFileSync(from), contentTypeOf(key));
        k.imported++;
      }
    };
    try {
      await walk(this.opts.uploads, '');
    } finally {
      await storage.close();
    }
  }

  /** Counters from the rows. */
  async finish(): Promise<void> {
    await target.recount(this.db);
    if (this.done < this.total) this.opts.onProgress?.(this.total, this.total);
  }

  /** Answer's badge awards are not copied: our badge rules award them again from the imported content. */
  async badges(): Promise<void> {
    if (!this.tables.has('badge_award')) return;
    const n = await countRows(this.src, 'badge_award');
    this.summary.kind('badges').read = n;
    if (n) this.summary.skip('badges', "awards are earned again by Quorum's own badge rules from the imported posts, votes and comments", n);
  }
}
