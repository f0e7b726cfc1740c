/**
 * Synthetic Stack Exchange dump for the benchmark: Users.xml and Posts.xml in the data-dump format, with real
 * post bodies (cycled from the beer.stackexchange.com fixture, so body sizes and markup are realistic),
 * generated titles, ~500 tags and accepted answers. Written in 1 MB chunks; memory stays flat.
 *
 * By default every question gets exactly `answersPerQuestion` answers and authors and tags go round-robin (what
 * bench/run.ts, import.ts, traffic.ts and the others build on). The optional fields of {@link DumpShape} give a
 * site shaped more like a real one (bench/scale.ts): Zipf-distributed authors and tags, answers per question
 * varying around the average, Comments.xml and Votes.xml, and one member with a known number of posts.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from './lib.js';

export interface DumpShape {
  questions: number;
  answersPerQuestion: number;
  users: number;
  tags: number;
  /**
   * Zipf exponent of authors (posts, comments) and tags: the k-th most active user or most used tag is drawn with
   * probability proportional to 1 / k^s (1.0 is the usual fit of Q&A sites). Unset: round-robin, as before.
   */
  zipf?: number;
  /** When true, a question's answer count is drawn from 0..2 × answersPerQuestion (mean answersPerQuestion). */
  varyAnswers?: boolean;
  /** Average comments per question (on the question or one of its answers), written to Comments.xml; 0/unset: none. */
  commentsPerQuestion?: number;
  /** Average up/down votes per question (on the question or one of its answers), each with a distinct voter, written to Votes.xml. */
  votesPerQuestion?: number;
  /**
   * A member (dump user id users + 1, display name "Profile Owner") who owns this many posts, spread evenly over
   * the dump (needs at least that many posts).
   */
  profilePosts?: number;
  /** Called every `progressEvery` questions written (default 100,000) with the questions written so far. */
  onProgress?: (questions: number) => void;
}


/** Sampler of 0..n-1 with P(k) proportional to 1 / (k+1)^s (binary search over the cumulative sums). */
function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

// The shared fixtures sit beside the repository.
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'fixtures', 'stackexchange', 'beer.stackexchange.com', 'Posts.xml');

function fixtureBodies(file: string): string[] {
  // Attribute text is copied still escaped: it goes back into an attribute unchanged.
  const xml = readFileSync(file, 'utf8');
  return Array.from(xml.matchAll(/ Body="([^"]*)"/g), (m) => m[1]!).filter((b) => b.length > 0);
}

function seDate(unix: number): string {
  return new Date(unix * 1000).toISOString().replace('Z', '');
}

class ChunkWriter {
  private buf: string[] = [];
  private size = 0;
  private readonly fd: number;
  bytes = 0;
  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }
  write(s: string): void {
    this.buf.push(s);
    this.size += s.length;
    if (this.size >= 1 << 20) this.flush();
  }
  flush(): void {
    const chunk = this.buf.join('');
    this.bytes += Buffer.byteLength(chunk);
    writeSync(this.fd, chunk);
    this.buf = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * Writes Users.xml and Posts.xml into `dir` (and Comments.xml, Votes.xml when the shape asks for them).
 * @returns number of post rows, the size of Posts.xml in bytes, and the comment and vote rows written
 * @throws Error when `profilePosts` exceeds the posts of the dump
 */
export function generateDump(dir: string, shape: DumpShape, fixture = FIXTURE): { posts: number; bytes: number; comments: number; votes: number } {
  const bodies = fixtureBodies(fixture);
  const tagNames = Array.from({ length: shape.tags }, (_, i) => `topic-${i.toString(36)}${i % 7 === 0 ? '-brewing' : ''}`);
  const start = Date.UTC(2014, 0, 1) / 1000;

  const users = new ChunkWriter(path.join(dir, 'Users.xml'));
  users.write('\ufeff<?xml version="1.0" encoding="utf-8"?>\n<users>\n');
  for (let u = 1; u <= shape.users; u++) {
    users.write(
      `  <row Id="${u}" Reputation="${1 + ((u * 7919) % 20000)}" CreationDate="${seDate(start + u * 60)}" DisplayName="Bench User ${u}" LastAccessDate="${seDate(start + u * 3600)}" Location="Somewhere" AboutMe="&lt;p&gt;Brewer number ${u}.&lt;/p&gt;" Views="0" UpVotes="0" DownVotes="0" AccountId="${u}" />\n`,
    );
  }
  const profileOwner = shape.users + 1;
  if (shape.profilePosts) {
    users.write(
      `  <row Id="${profileOwner}" Reputation="5000" CreationDate="${seDate(start)}" DisplayName="Profile Owner" LastAccessDate="${seDate(start + 3600)}" Location="Somewhere" AboutMe="&lt;p&gt;Writes a lot.&lt;/p&gt;" Views="0" UpVotes="0" DownVotes="0" AccountId="${profileOwner}" />\n`,
    );
  }
  users.write('</users>\n');
  users.close();

  const posts = new ChunkWriter(path.join(dir, 'Posts.xml'));
  posts.write('\ufeff<?xml version="1.0" encoding="utf-8"?>\n<posts>\n');
  const shaped = shape.zipf !== undefined;
  const random = rng(2024);
  const author = shaped ? zipfSampler(shape.users, shape.zipf!, random) : null;
  const tagRank = shaped ? zipfSampler(tagNames.length, shape.zipf!, random) : null;
  // Zipf ranks are mapped to ids through a fixed permutation, so the busiest users are not the oldest ones.
  const userOf = (rank: number) => 1 + ((rank * 7919) % shape.users);
  const comments = shape.commentsPerQuestion ? new ChunkWriter(path.join(dir, 'Comments.xml')) : null;
  const votes = shape.votesPerQuestion ? new ChunkWriter(path.join(dir, 'Votes.xml')) : null;
  comments?.write('\ufeff<?xml version="1.0" encoding="utf-8"?>\n<comments>\n');
  votes?.write('\ufeff<?xml version="1.0" encoding="utf-8"?>\n<votes>\n');
  const expectedPosts = shape.questions * (1 + shape.answersPerQuestion);
  if (shape.profilePosts && shape.profilePosts > expectedPosts) throw new Error(`profilePosts ${shape.profilePosts} exceeds the ${expectedPosts} posts of the dump`);
  const profileEvery = shape.profilePosts ? Math.max(1, Math.floor(expectedPosts / (shape.profilePosts * 1.05))) : 0;
  let profileLeft = shape.profilePosts ?? 0;
  /** Owner of the next post (row number `rows`): the profile owner every profileEvery-th post, else Zipf or the given round-robin one. */
  const ownerOf = (roundRobin: number) => {
    if (profileLeft > 0 && rows % profileEvery === 0) {
      profileLeft--;
      return profileOwner;
    }
    return author ? userOf(author()) : roundRobin;
  };
  let id = 0;
  let rows = 0;
  let commentId = 0;
  let voteId = 0;
  const every = 100_000;
  for (let q = 0; q < shape.questions; q++) {
    const qid = ++id;
    const created = start + q * 300;
    const owner = ownerOf(1 + ((q * 31) % shape.users));
    const t1 = tagRank ? tagNames[tagRank()]! : tagNames[q % tagNames.length]!;
    const t2 = tagRank ? tagNames[tagRank()]! : tagNames[(q * 13 + 5) % tagNames.length]!;
    const tags = t1 === t2 ? `&lt;${t1}&gt;` : `&lt;${t1}&gt;&lt;${t2}&gt;`;
    const n = shape.varyAnswers ? Math.floor(random() * (2 * shape.answersPerQuestion + 1)) : shape.answersPerQuestion;
    const accepted = q % 2 === 0 && n > 0 ? ` AcceptedAnswerId="${qid + 1}"` : '';
    const closed = q % 50 === 0 ? ` ClosedDate="${seDate(created + 7200)}"` : '';
    posts.write(
      `  <row Id="${qid}" PostTypeId="1"${accepted} CreationDate="${seDate(created)}" Score="${q % 17}" ViewCount="${10 + (q % 997)}" Body="${bodies[q % bodies.length]}" OwnerUserId="${owner}" LastActivityDate="${seDate(created + 3600)}" Title="Benchmark question ${q + 1}: how does ${t1} relate to ${t2}?" Tags="${tags}" AnswerCount="${n}" CommentCount="0"${closed} />\n`,
    );
    rows++;
    for (let a = 0; a < n; a++) {
      const aid = ++id;
      const answerOwner = ownerOf(1 + ((q * 17 + a * 101) % shape.users));
      posts.write(
        `  <row Id="${aid}" PostTypeId="2" ParentId="${qid}" CreationDate="${seDate(created + 600 * (a + 1))}" Score="${(q + a) % 9}" Body="${bodies[(q * 3 + a + 1) % bodies.length]}" OwnerUserId="${answerOwner}" LastActivityDate="${seDate(created + 600 * (a + 1))}" CommentCount="0" />\n`,
      );
      rows++;
    }
    // The thread's posts are ids qid..qid+n; a comment or vote goes to one of them at random.
    const onThread = () => qid + Math.floor(random() * (n + 1));
    if (comments) {
      const c = Math.floor(random() * (2 * shape.commentsPerQuestion! + 1));
      for (let k = 0; k < c; k++) {
        const user = author ? userOf(author()) : 1 + ((q + k * 37) % shape.users);
        comments.write(`  <row Id="${++commentId}" PostId="${onThread()}" Score="${k % 3}" Text="Comment ${k + 1} on question ${q + 1}: have you tried a colder fermentation?" CreationDate="${seDate(created + 900 + k * 60)}" UserId="${user}" />\n`);
      }
    }
    if (votes) {
      const v = Math.floor(random() * (2 * shape.votesPerQuestion! + 1));
      // Distinct voters per thread: a stride through the users from a random start.
      const first = Math.floor(random() * shape.users);
      for (let k = 0; k < v; k++) {
        const voter = 1 + ((first + k * 104729) % shape.users);
        votes.write(`  <row Id="${++voteId}" PostId="${onThread()}" VoteTypeId="${k % 6 === 5 ? 3 : 2}" UserId="${voter}" CreationDate="${seDate(created + 1200 + k * 60)}" />\n`);
      }
    }
    if (shape.onProgress && (q + 1) % every === 0) shape.onProgress(q + 1);
  }
  posts.write('</posts>\n');
  posts.close();
  comments?.write('</comments>\n');
  comments?.close();
  votes?.write('</votes>\n');
  votes?.close();
  return { posts: rows, bytes: posts.bytes, comments: commentId, votes: voteId };
}
