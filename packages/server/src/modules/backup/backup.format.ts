/**
 * The backup file: one gzip'd stream of JSON lines, the same whichever engine wrote it.
 *
 *   {"quorum_backup":1,"schema":"011_plugins","engine":"sqlite","created_at":1764000000,"tables":[{"name":"users","rows":3}],"files":2}
 *   {"table":"users","columns":["id","username",...]}
 *   ["1","admin",...]                       one line per row, values in the order of `columns`
 *   {"file":"post/2026/ab.png","data":"<base64>"}   one line per upload, path relative to the uploads folder
 *   {"end":true,"rows":1234,"files":2}      written last: a file without it was cut short
 *
 * `schema` is the name of the last migration applied when the backup was taken (the schema version).
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/** Version of the file layout above (not of the database schema). */
export const BACKUP_FORMAT = 1;

/** The first line of a backup. */
export interface BackupHeader {
  quorum_backup: number;
  /** Last migration applied, e.g. "011_plugins". */
  schema: string;
  /** Engine the backup was taken from: sqlite | postgres | mysql (information only). */
  engine: string;
  /** Unix seconds. */
  created_at: number;
  tables: Array<{ name: string; rows: number }>;
  files: number;
}

/** One section of a backup after the header, as the reader hands it out. */
export type BackupEntry =
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; values: unknown[] }
  | { kind: 'file'; path: string; data: Buffer }
  | { kind: 'end'; rows: number; files: number };

/** Writes a backup line by line to a gzip'd file, waiting when the disk falls behind. */
export class BackupWriter {
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private readonly done: Promise<unknown>;

  constructor(file: string) {
    this.gzip = createGzip({ level: 6 });
    this.out = createWriteStream(file);
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
  }

  /** Writes one JSON line. */
  async line(value: unknown): Promise<void> {
    if (!this.gzip.write(`${JSON.stringify(value)}\n`)) await once(this.gzip, 'drain');
  }

  /** Writes several JSON lines in one write. */
  async lines(values: unknown[]): Promise<void> {
    if (!values.length) return;
    if (!this.gzip.write(`${values.map((v) => JSON.stringify(v)).join('\n')}\n`)) await once(this.gzip, 'drain');
  }

  /** Ends the file and waits until it is on disk. */
  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }
}

/**
 * Reads the header of a backup file.
 * @throws Error when the file is not a Quorum backup
 */
export async function readHeader(file: string): Promise<BackupHeader> {
  for await (const entry of readLines(file)) {
    const header = entry as Partial<BackupHeader>;
    if (typeof header !== 'object' || header === null || header.quorum_backup === undefined || typeof header.schema !== 'string') break;
    return header as BackupHeader;
  }
  throw new Error(`${file} is not a Quorum backup`);
}

/** The parsed JSON lines of a backup file, header first. */
async function* readLines(file: string): AsyncGenerator<unknown> {
  const raw = createReadStream(file);
  const input = raw.pipe(createGunzip());
  // A file that cannot be read (missing, unreadable) fails the reading, instead of an unhandled stream error.
  raw.on('error', (err) => input.destroy(err));
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const text of lines) if (text) yield JSON.parse(text);
  } finally {
    lines.close();
    input.destroy();
    raw.destroy();
  }
}

/**
 * The sections of a backup after its header, in file order.
 * @throws Error on a line that is none of the known kinds, or when the file ends before its end line
 */
export async function* readEntries(file: string): AsyncGenerator<BackupEntry> {
  let first = true;
  let ended = false;
  for await (const value of readLines(file)) {
    if (first) {
      first = false;
      continue;
    }
    if (Array.isArray(value)) yield { kind: 'row', values: value };
    else {
      const obj = value as Record<string, unknown>;
      if (typeof obj.table === 'string') yield { kind: 'table', name: obj.table, columns: obj.columns as string[] };
      else if (typeof obj.file === 'string') yield { kind: 'file', path: obj.file, data: Buffer.from(String(obj.data), 'base64') };
      else if (obj.end === true) {
        ended = true;
        yield { kind: 'end', rows: Number(obj.rows), files: Number(obj.files) };
      } else throw new Error('unknown line in backup');
    }
  }
  if (!ended) throw new Error('the backup file is incomplete (no end marker)');
}
