/**
 * Synthetic Stack Exchange dump for the benchmark: Users.xml and Posts.xml in the data-dump format, with real
 * post bodies (cycled from the beer.stackexchange.com fixture, so body sizes and markup are realistic),
 * generated titles, ~500 tags and accepted answers. Written in 1 MB chunks; memory stays flat.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DumpShape {
  questions: number;
  answersPerQuestion: number;
  users: number;
  tags: number;
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
 * Writes Users.xml and Posts.xml into `dir`.
 * @returns number of post rows and the size of Posts.xml in bytes
 */
export function generateDump(dir: string, shape: DumpShape, fixture = FIXTURE): { posts: number; bytes: number } {
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
  users.write('</users>\n');
  users.close();

  const posts = new ChunkWriter(path.join(dir, 'Posts.xml'));
  posts.write('\ufeff<?xml version="1.0" encoding="utf-8"?>\n<posts>\n');
  let id = 0;
  let rows = 0;
  for (let q = 0; q < shape.questions; q++) {
    const qid = ++id;
    const created = start + q * 300;
    const owner = 1 + ((q * 31) % shape.users);
    const t1 = tagNames[q % tagNames.length]!;
    const t2 = tagNames[(q * 13 + 5) % tagNames.length]!;
    const tags = t1 === t2 ? `&lt;${t1}&gt;` : `&lt;${t1}&gt;&lt;${t2}&gt;`;
    const n = shape.answersPerQuestion;
    const accepted = q % 2 === 0 && n > 0 ? ` AcceptedAnswerId="${qid + 1}"` : '';
    const closed = q % 50 === 0 ? ` ClosedDate="${seDate(created + 7200)}"` : '';
    posts.write(
      `  <row Id="${qid}" PostTypeId="1"${accepted} CreationDate="${seDate(created)}" Score="${q % 17}" ViewCount="${10 + (q % 997)}" Body="${bodies[q % bodies.length]}" OwnerUserId="${owner}" LastActivityDate="${seDate(created + 3600)}" Title="Benchmark question ${q + 1}: how does ${t1} relate to ${t2}?" Tags="${tags}" AnswerCount="${n}" CommentCount="0"${closed} />\n`,
    );
    rows++;
    for (let a = 0; a < n; a++) {
      const aid = ++id;
      posts.write(
        `  <row Id="${aid}" PostTypeId="2" ParentId="${qid}" CreationDate="${seDate(created + 600 * (a + 1))}" Score="${(q + a) % 9}" Body="${bodies[(q * 3 + a + 1) % bodies.length]}" OwnerUserId="${1 + ((q * 17 + a * 101) % shape.users)}" LastActivityDate="${seDate(created + 600 * (a + 1))}" CommentCount="0" />\n`,
      );
      rows++;
    }
  }
  posts.write('</posts>\n');
  posts.close();
  return { posts: rows, bytes: posts.bytes };
}
