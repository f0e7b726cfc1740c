/**
 * Test support: a small Stack Exchange data dump the tests write themselves (Posts.xml, optionally Users.xml and
 * Comments.xml, in the data-dump format), so that the importer is tested in a clone that has only the repository.
 * The real dumps beside the repository (test/fixtures.ts) add what only real data shows. Deterministic: the same
 * shape gives the same files and the same expected figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What to generate. */
export interface DumpShape {
  /** Questions; question i (from 1) has `i % 4` answers. */
  questions: number;
  /** Distinct post owners (Users.xml ids 1..users when written). */
  users: number;
  /** Write Users.xml with every owner. */
  withUsers?: boolean;
  /** Write Comments.xml: one comment under every third question, and one on a post the dump does not have. */
  withComments?: boolean;
  /**
   * Write Tags.xml with every tag of the questions and one no question uses; 'espresso' names an excerpt and a
   * wiki post, 'decaf' an excerpt only, both added to Posts.xml (the three loose excerpt rows stay unnamed).
   */
  withTags?: boolean;
  /**
   * Give Users.xml rows an `Email` (private exports and Answer-style dumps; public dumps have none): user 1
   * `Barista.One@Example.COM`, user 2 the same address in other letter case (a duplicate), user 3 an invalid one,
   * user 4 none, the others `barista<id>@example.com`.
   */
  withEmails?: boolean;
}

/** What the generated dump holds, for the assertions. */
export interface DumpFacts {
  questions: number;
  answers: number;
  /** Questions with an AcceptedAnswerId. */
  accepted: number;
  /** Questions with a ClosedDate. */
  closed: number;
  /** Rows of other post types (tag wiki excerpts): skipped without Tags.xml. */
  otherRows: number;
  /** Distinct owners named by OwnerUserId. */
  owners: number;
  /** True when some posts name no owner (they go to one 'community' placeholder). */
  ownerless: boolean;
  /** Distinct tags. */
  tags: number;
  /** Comments on posts of the dump (Comments.xml). */
  comments: number;
  /** Comments on posts the dump does not have: skipped. */
  orphanComments: number;
  /** Dump id of a question whose body has a code block and a link. */
  codeQuestionId: string;
  /** With Tags.xml: the tags it lists (the questions' and one unused), and the descriptions it gives, by slug. */
  tagFile?: { tags: number; unused: string; descriptions: Record<string, { excerpt: string; wiki?: string }> };
  /**
   * With e-mails: the address each user row carries (by dump user id; absent: none), the lower-cased address a
   * member may claim by (by dump user id, the first row of an address), and the rows whose address is invalid or
   * repeats an earlier row's.
   */
  emails?: { given: Record<string, string>; claimable: Record<string, string>; invalid: number; duplicate: number };
}

const WORDS = ['brew', 'grind', 'roast', 'water', 'kettle', 'filter', 'crema', 'bloom', 'aroma', 'temperature', 'pressure', 'ratio', 'beans', 'storage', 'acidity', 'body'];
const TAGS = ['espresso', 'pour-over', 'grinding', 'roasting', 'storage', 'water', 'equipment', 'milk', 'cold-brew', 'french-press', 'aeropress', 'decaf'];

/** XML attribute text. */
function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '&#xA;');
}

function date(i: number): string {
  return new Date(Date.UTC(2015, 0, 27) + i * 3_600_000).toISOString().replace('Z', '');
}

function words(i: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(WORDS[(i * 7 + k * 3) % WORDS.length]!);
  return out.join(' ');
}

/**
 * Writes the dump into `dir` (created) and returns what it holds.
 * Every 5th question is closed, every 3rd with answers names an accepted answer (its first), every 11th post names
 * no owner, questions carry 1-3 tags, question 2's body has a code block and a link, and three tag wiki excerpt
 * rows (post type 4) sit among the posts.
 */
export function writeDump(dir: string, shape: DumpShape): DumpFacts {
  mkdirSync(dir, { recursive: true });
  const rows: string[] = [];
  const owners = new Set<number>();
  const tags = new Set<string>();
  let ownerless = false;
  let answers = 0;
  let accepted = 0;
  let closed = 0;
  let next = shape.questions + 1;
  const owner = (postId: number): string => {
    if (postId % 11 === 0) {
      ownerless = true;
      return ` OwnerDisplayName="${attr(`guest ${postId}`)}"`;
    }
    const u = (postId % shape.users) + 1;
    owners.add(u);
    return ` OwnerUserId="${u}"`;
  };
  for (let q = 1; q <= shape.questions; q++) {
    const n = q % 4;
    const firstAnswer = next;
    const qTags = TAGS.filter((_, k) => (q + k * 5) % TAGS.length < 1 + (q % 3));
    const use = qTags.length ? qTags : [TAGS[q % TAGS.length]!];
    use.forEach((t) => tags.add(t));
    const body =
      q === 2
        ? `<p>How do I set the ${words(q, 3)}?</p>\n<pre><code>ratio = 1:16\ntemperature = 94C\n</code></pre>\n<p>See <a href="http://example.com/brew-guide">the brew guide</a>.</p>`
        : `<p>${words(q, 12)}.</p>\n<p>${words(q + 1, 9)}?</p>`;
    const isAccepted = n > 0 && q % 3 === 0;
    const isClosed = q % 5 === 0;
    if (isAccepted) accepted++;
    if (isClosed) closed++;
    rows.push(
      `  <row Id="${q}" PostTypeId="1"${isAccepted ? ` AcceptedAnswerId="${firstAnswer}"` : ''} CreationDate="${date(q)}" Score="${(q * 7) % 13 - 3}" ViewCount="${q * 17}" Body="${attr(body)}"${owner(q)} Title="${attr(`How to ${words(q, 4)} number ${q}`)}" Tags="${attr(use.map((t) => `<${t}>`).join(''))}" AnswerCount="${n}" CommentCount="0"${isClosed ? ` ClosedDate="${date(q + 2)}"` : ''} ContentLicense="CC BY-SA 3.0" />`,
    );
    for (let k = 0; k < n; k++) {
      const id = next++;
      answers++;
      rows.push(`  <row Id="${id}" PostTypeId="2" ParentId="${q}" CreationDate="${date(q + k + 1)}" Score="${(id * 5) % 9 - 2}" Body="${attr(`<p>${words(id, 10)}.</p>`)}"${owner(id)} CommentCount="0" ContentLicense="CC BY-SA 3.0" />`);
    }
    if (q % Math.max(1, Math.floor(shape.questions / 3)) === 0 && rows.length) {
      rows.push(`  <row Id="${next++}" PostTypeId="4" CreationDate="${date(q)}" Score="0" Body="${attr('<p>Questions about a brewing method.</p>')}" CommentCount="0" />`);
    }
  }
  const otherRows = next - 1 - shape.questions - answers;
  let tagFile: DumpFacts['tagFile'];
  if (shape.withTags) {
    const descriptions: Record<string, { excerpt: string; wiki?: string }> = {
      espresso: { excerpt: 'Espresso: coffee brewed by forcing hot water through finely ground beans.', wiki: 'A shot takes **25 to 30 seconds**; see the grinding tag for the grind size.' },
      decaf: { excerpt: 'Coffee with most of its caffeine removed.' },
    };
    const partIds: Record<string, { excerpt?: number; wiki?: number }> = {};
    for (const [slug, d] of Object.entries(descriptions)) {
      const ids: { excerpt?: number; wiki?: number } = {};
      ids.excerpt = next++;
      rows.push(`  <row Id="${ids.excerpt}" PostTypeId="4" CreationDate="${date(1)}" Score="0" Body="${attr(d.excerpt)}" CommentCount="0" />`);
      if (d.wiki) {
        ids.wiki = next++;
        rows.push(`  <row Id="${ids.wiki}" PostTypeId="5" CreationDate="${date(1)}" Score="0" Body="${attr(`<p>${d.wiki.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>`)}" CommentCount="0" />`);
      }
      partIds[slug] = ids;
    }
    const unused = 'latte-art';
    const listed = [...new Set([...tags, ...Object.keys(descriptions)]), unused];
    const tagRows = listed.map((t, i) => {
      const ids = partIds[t] ?? {};
      return `  <row Id="${i + 1}" TagName="${attr(t)}" Count="0"${ids.excerpt ? ` ExcerptPostId="${ids.excerpt}"` : ''}${ids.wiki ? ` WikiPostId="${ids.wiki}"` : ''} />`;
    });
    writeFileSync(path.join(dir, 'Tags.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<tags>\n${tagRows.join('\n')}\n</tags>\n`);
    tagFile = { tags: listed.length, unused, descriptions };
  }
  writeFileSync(path.join(dir, 'Posts.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n${rows.join('\n')}\n</posts>\n`);
  let comments = 0;
  if (shape.withComments) {
    const list: string[] = [];
    for (let q = 3; q <= shape.questions; q += 3) {
      list.push(`  <row Id="${q}" PostId="${q}" Score="1" Text="${attr(`Have you tried a finer **${WORDS[q % WORDS.length]}**?`)}" CreationDate="${date(q + 1)}" UserId="${(q % shape.users) + 1}" />`);
      owners.add((q % shape.users) + 1);
      comments++;
    }
    list.push(`  <row Id="999998" PostId="999999" Score="0" Text="orphan" CreationDate="${date(1)}" UserId="1" />`);
    writeFileSync(path.join(dir, 'Comments.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<comments>\n${list.join('\n')}\n</comments>\n`);
  }
  let emails: DumpFacts['emails'];
  if (shape.withUsers && shape.withEmails) {
    emails = { given: {}, claimable: {}, invalid: 0, duplicate: 0 };
    for (const u of [...owners].sort((a, b) => a - b)) {
      if (u === 4) continue;
      const address = u === 1 ? 'Barista.One@Example.COM' : u === 2 ? 'barista.one@example.com' : u === 3 ? 'barista three at example' : `barista${u}@example.com`;
      emails.given[String(u)] = address;
      if (u === 3) emails.invalid++;
      else if (u === 2 && owners.has(1)) emails.duplicate++;
      else emails.claimable[String(u)] = address.toLowerCase();
    }
  }
  if (shape.withUsers) {
    const users = [...owners].sort((a, b) => a - b).map((u) => {
      const address = emails?.given[String(u)];
      return `  <row Id="${u}" Reputation="${u * 10}" CreationDate="${date(0)}" DisplayName="${attr(`Barista ${u}`)}"${address ? ` Email="${attr(address)}"` : ''} Location="Lisboa" />`;
    });
    writeFileSync(path.join(dir, 'Users.xml'), `<?xml version="1.0" encoding="utf-8"?>\n<users>\n${users.join('\n')}\n</users>\n`);
  }
  return { questions: shape.questions, answers, accepted, closed, otherRows, owners: owners.size, ownerless, tags: tags.size, comments, orphanComments: shape.withComments ? 1 : 0, codeQuestionId: '2', tagFile, emails };
}
