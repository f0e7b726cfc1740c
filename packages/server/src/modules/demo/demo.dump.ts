/**
 * Writes the demo community (`quorum demo`) as a Stack Exchange data dump (Users, Posts, Comments and Tags XML),
 * which the Stack Exchange importer then loads like any other: reputation, badges, counts, search and tag
 * descriptions come out of the same code path as a real import. Dates run up to `now`, a few posts in the last
 * week so that the site's "hot" lists have something; scores, views and accepted answers are spread the way a
 * small community's are (most posts a few votes, a few posts many).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answer, comment, person, question, Random, TAGS } from './demo.content.js';

/** What to generate. */
export interface DemoShape {
  /** Questions (default 200). */
  questions: number;
  /** People (default 60). */
  people: number;
  /** Seed of the generator (same seed, same community). */
  seed: number;
  /** Unix seconds of the newest post. */
  now: number;
}

/** What was written. */
export interface DemoDump {
  questions: number;
  answers: number;
  comments: number;
  people: number;
  tags: number;
}

const DAY = 86400;

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '&#xA;');
}

function seDate(unix: number): string {
  return new Date(unix * 1000).toISOString().replace('Z', '');
}

function file(dir: string, name: string, root: string, rows: string[]): void {
  writeFileSync(path.join(dir, name), `<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${rows.join('\n')}\n</${root}>\n`);
}

/** A vote count: mostly small, a few large (a skewed distribution), sometimes negative. */
function score(r: Random): number {
  if (r.chance(0.07)) return -r.int(1, 3);
  return Math.floor(Math.pow(r.next(), 3) * 40);
}

/**
 * Writes the dump into `dir` (created).
 * @returns the counts written
 */
export function writeDemoDump(dir: string, shape: DemoShape): DemoDump {
  mkdirSync(dir, { recursive: true });
  const r = new Random(shape.seed);
  const start = shape.now - 365 * DAY;
  const rep = new Map<number, number>();
  const gain = (user: number, n: number) => rep.set(user, (rep.get(user) ?? 1) + n);
  const posts: string[] = [];
  const comments: string[] = [];
  const tagCount = new Map<string, number>();
  const titles = new Set<string>();
  let nextId = 1;
  let answers = 0;
  // Question times: spread over the year, the last 8% within the last week.
  const times = Array.from({ length: shape.questions }, (_, i) => (i >= shape.questions * 0.92 ? shape.now - r.int(0, 7 * DAY) : start + r.int(0, 358 * DAY))).sort((a, b) => a - b);
  for (let i = 0; i < shape.questions; i++) {
    // Titles are unique while the templates allow (a few tries), as on a site where duplicates get closed.
    let q = question(r);
    for (let tries = 0; titles.has(q.title) && tries < 20; tries++) q = question(r);
    titles.add(q.title);
    const qId = nextId++;
    const asker = r.int(1, shape.people);
    const at = times[i]!;
    const qScore = score(r);
    gain(asker, qScore > 0 ? qScore * 10 : qScore * 2);
    for (const t of q.tags) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
    const n = r.chance(0.12) ? 0 : r.int(1, 4);
    const rows: string[] = [];
    let accepted = 0;
    let last = at;
    for (let k = 0; k < n; k++) {
      const aId = nextId++;
      let who = r.int(1, shape.people);
      if (who === asker) who = (who % shape.people) + 1;
      const aAt = Math.min(shape.now, at + r.int(600, 5 * DAY) * (k + 1));
      last = Math.max(last, aAt);
      const aScore = score(r);
      gain(who, aScore > 0 ? aScore * 10 : aScore * 2);
      if (!accepted && r.chance(0.55)) {
        accepted = aId;
        gain(who, 15);
        gain(asker, 2);
      }
      rows.push(`  <row Id="${aId}" PostTypeId="2" ParentId="${qId}" CreationDate="${seDate(aAt)}" Score="${aScore}" Body="${attr(answer(r, q.tags))}" OwnerUserId="${who}" LastActivityDate="${seDate(aAt)}" CommentCount="0" ContentLicense="CC BY-SA 4.0" />`);
      if (r.chance(0.3)) comments.push(`  <row Id="${comments.length + 1}" PostId="${aId}" Score="${r.int(0, 4)}" Text="${attr(comment(r))}" CreationDate="${seDate(Math.min(shape.now, aAt + r.int(60, DAY)))}" UserId="${r.int(1, shape.people)}" />`);
      answers++;
    }
    posts.push(
      `  <row Id="${qId}" PostTypeId="1"${accepted ? ` AcceptedAnswerId="${accepted}"` : ''} CreationDate="${seDate(at)}" Score="${qScore}" ViewCount="${r.int(20, 400) * (qScore + 2)}" Body="${attr(q.body)}" OwnerUserId="${asker}" LastActivityDate="${seDate(last)}" Title="${attr(q.title)}" Tags="${attr(q.tags.map((t) => `<${t}>`).join(''))}" AnswerCount="${n}" CommentCount="0" ContentLicense="CC BY-SA 4.0" />`,
      ...rows,
    );
    if (r.chance(0.25)) comments.push(`  <row Id="${comments.length + 1}" PostId="${qId}" Score="${r.int(0, 3)}" Text="${attr(comment(r))}" CreationDate="${seDate(Math.min(shape.now, at + r.int(60, DAY)))}" UserId="${r.int(1, shape.people)}" />`);
  }
  // Tag excerpts as post type 4 rows that Tags.xml names: the importer makes them the tags' descriptions.
  const used = TAGS.filter(([t]) => tagCount.has(t));
  const tagRows = used.map(([name, excerpt], i) => {
    const postId = nextId++;
    posts.push(`  <row Id="${postId}" PostTypeId="4" CreationDate="${seDate(start)}" Score="0" Body="${attr(excerpt)}" CommentCount="0" ContentLicense="CC BY-SA 4.0" />`);
    return `  <row Id="${i + 1}" TagName="${name}" Count="${tagCount.get(name)}" ExcerptPostId="${postId}" />`;
  });
  const people = Array.from({ length: shape.people }, (_, i) => {
    const who = person(r, i);
    return `  <row Id="${i + 1}" Reputation="${Math.max(1, rep.get(i + 1) ?? 1)}" CreationDate="${seDate(start - r.int(0, 200) * DAY)}" DisplayName="${attr(who.name)}"${who.location ? ` Location="${attr(who.location)}"` : ''} />`;
  });
  file(dir, 'Users.xml', 'users', people);
  file(dir, 'Posts.xml', 'posts', posts);
  file(dir, 'Comments.xml', 'comments', comments);
  file(dir, 'Tags.xml', 'tags', tagRows);
  return { questions: shape.questions, answers, comments: comments.length, people: shape.people, tags: used.length };
}
