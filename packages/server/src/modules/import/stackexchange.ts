/**
 * Stack Exchange data dump reading: a streaming `<row .../>` reader over Posts.xml, Users.xml and Comments.xml
 * (saxes on a file read stream, so memory does not grow with the file), and the pure conversions of dump values
 * (dates, tag lists, usernames). Format: "Database schema documentation for the public data dump and SEDE";
 * one self-closing `<row>` per record under a root element, attribute values XML-escaped.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import { LIMITS } from '@quorum/contract';

/** One `<row>` of a dump file: attribute name -> decoded value. */
export type DumpRow = Record<string, string>;

/** A dump file that cannot be read: missing, unreadable or not well-formed XML. Message starts with the path. */
export class DumpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DumpError';
  }
}

/** True when `file` exists and is a regular file. */
export async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Streams the `<row>` elements of a dump file in batches, in file order.
 * @param file path of Posts.xml, Users.xml, Comments.xml ...
 * @param batchSize rows per yielded batch (the last batch may be smaller)
 * @throws DumpError `<file>: file not found` when missing, `<file>: <problem> at line <n>` when the XML is not
 *   well-formed (including a truncated file); rows before the error may already have been yielded
 */
export async function* readDumpRows(file: string, batchSize = 500): AsyncGenerator<DumpRow[]> {
  if (!(await fileExists(file))) throw new DumpError(`${file}: file not found`);
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let rows: DumpRow[] = [];
  parser.on('error', (err) => {
    // saxes formats "line:column: message"; we want "<file>: message at line n".
    const m = /^(\d+):(\d+): (.*)$/s.exec(err.message);
    const what = (m ? m[3]! : err.message).replace(/\.$/, '');
    throw new DumpError(`${file}: ${what} at line ${m ? m[1] : parser.line}`);
  });
  parser.on('opentag', (tag) => {
    if (depth === 1 && tag.name === 'row') rows.push(tag.attributes as DumpRow);
    depth++;
  });
  parser.on('closetag', () => {
    depth--;
  });
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 18 });
  try {
    for await (const chunk of stream) {
      parser.write(chunk as string);
      if (rows.length >= batchSize) {
        const out = rows;
        rows = [];
        yield out;
      }
    }
  } catch (err) {
    if (err instanceof DumpError) throw err;
    throw new DumpError(`${file}: ${(err as Error).message}`);
  } finally {
    stream.destroy();
  }
  parser.close();
  if (rows.length > 0) yield rows;
}

/**
 * Converts a dump date ("2014-01-21T20:26:05.383", UTC without zone) to unix seconds.
 * @returns 0 when absent or unparsable
 */
export function dumpDate(value: string | undefined): number {
  if (!value) return 0;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** Integer attribute, or `fallback` when absent or not a number. */
export function dumpInt(value: string | undefined, fallback = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Tag names of a question, lower-cased and de-duplicated, in order. Accepts both dump forms:
 * `<beer><hops>` (older dumps) and `|beer|hops|` (dumps since 2024).
 */
export function dumpTags(value: string | undefined): string[] {
  if (!value) return [];
  const names = value.includes('<')
    ? Array.from(value.matchAll(/<([^<>]+)>/g), (m) => m[1]!)
    : value.split('|');
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase().slice(0, LIMITS.tagNameMax);
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * A username candidate derived from a display name: [a-z0-9._-], 1 to 30 characters (spec §5), accents folded
 * ("José Núñez" -> "jose-nunez").
 * @param fallback used when nothing usable is left (e.g. a name in a non-Latin script)
 */
export function usernameFrom(displayName: string, fallback: string): string {
  const base = displayName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, LIMITS.usernameMax)
    .replace(/[._-]+$/g, '');
  return base || fallback.slice(0, LIMITS.usernameMax);
}

/**
 * The `n`-th alternative of a taken username: `<base>-<suffix>` cut to 30 characters, e.g. ("john", "17") ->
 * "john-17".
 */
export function usernameWithSuffix(base: string, suffix: string): string {
  const tail = `-${suffix}`;
  return `${base.slice(0, Math.max(1, LIMITS.usernameMax - tail.length))}${tail}`.slice(0, LIMITS.usernameMax);
}

/** Removes the one character no database accepts in text (NUL). */
export function cleanText(value: string | undefined): string {
  if (!value) return '';
  return value.includes('\u0000') ? value.split('\u0000').join('') : value;
}
