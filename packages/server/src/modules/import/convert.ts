/**
 * Post body conversion for the importer: dump HTML -> sanitized HTML (`parsed_text`) and derived markdown
 * (`original_text`). This is most of the CPU an import costs (~100 µs per post, mostly turndown), so large
 * imports spread it over worker threads while the main thread parses XML and writes to the database.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { htmlToMarkdown, sanitizeHtml } from '../../core/markdown.js';
import { cleanText } from './stackexchange.js';
import { bodyIndexText } from '../search/index.js';

export interface ConvertedBody {
  html: string;
  markdown: string;
  /** The body's search index text (modules/search bodyIndexText). */
  searchText: string;
}

/** Sanitizes a dump body, derives its markdown and its search index text (same thread). */
export function convertBody(body: string | undefined): ConvertedBody {
  const html = sanitizeHtml(cleanText(body));
  return { html, markdown: htmlToMarkdown(html), searchText: bodyIndexText(html) };
}

/** Converts bodies in batches, in this thread or in a pool of worker threads. */
export interface BodyConverter {
  convert(bodies: Array<string | undefined>): Promise<ConvertedBody[]>;
  /** Batches worth keeping in flight so that conversion overlaps parsing and writing. */
  readonly depth: number;
  close(): Promise<void>;
}

class InlineConverter implements BodyConverter {
  readonly depth = 1;
  async convert(bodies: Array<string | undefined>): Promise<ConvertedBody[]> {
    return bodies.map(convertBody);
  }
  async close(): Promise<void> {}
}

interface Pending {
  resolve: (out: ConvertedBody[]) => void;
  reject: (err: Error) => void;
}

class PoolConverter implements BodyConverter {
  readonly depth: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failed: Error | null = null;

  constructor(size: number) {
    this.depth = size * 2;
    const entry = new URL(`./convert.worker${sourceExt(import.meta.url)}`, import.meta.url).href;
    for (let i = 0; i < size; i++) {
      const w = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), { workerData: { entry } });
      w.on('message', (msg: { id: number; out?: ConvertedBody[]; error?: string }) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.out) p.resolve(msg.out);
        else p.reject(new Error(msg.error ?? 'body conversion failed'));
      });
      w.on('error', (err) => this.fail(err));
      this.workers.push(w);
    }
  }

  private fail(err: Error): void {
    this.failed = err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  convert(bodies: Array<string | undefined>): Promise<ConvertedBody[]> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bodies });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** ".ts" when running from sources (tsx, vitest), ".js" when compiled. */
function sourceExt(url: string): string {
  return url.endsWith('.ts') ? '.ts' : '.js';
}

/**
 * A converter sized for the job: inline for small imports (a worker costs ~250 ms to start), otherwise one
 * worker per core, at most 4.
 * @param posts number of bodies to convert
 * @param workers force a pool size (0 = inline)
 */
export function createBodyConverter(posts: number, workers?: number): BodyConverter {
  const size = workers ?? (posts >= 5000 ? Math.min(4, os.availableParallelism()) : 0);
  return size > 0 ? new PoolConverter(size) : new InlineConverter();
}
