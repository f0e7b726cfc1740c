/**
 * Tags.xml of a Stack Exchange dump (Id, TagName, Count, ExcerptPostId, WikiPostId): every tag is created (also
 * those no imported question uses), and its excerpt and wiki posts (Posts.xml rows of PostTypeId 4 and 5) become
 * its description: `original_text` the markdown of the excerpt then the wiki, `parsed_text` their sanitized HTML
 * (an excerpt is plain text in the dump: it becomes a paragraph of its own).
 * A tag that already has a description keeps it.
 */
import { LIMITS } from '@quorum/contract';
import type { ImportRepository } from './import.repository.js';
import { BATCH, type ImportPlan } from './import.plan.js';
import { dumpInt, readDumpRows } from './stackexchange.js';

const FILE = 'Tags.xml';

/** Check pass over Tags.xml (runs before Posts.xml, so the wiki posts are known when posts are read). */
export async function planTags(plan: ImportPlan, file: string): Promise<void> {
  plan.report.open(FILE);
  const seen = new Set<string>();
  for await (const rows of readDumpRows(file, BATCH)) {
    for (const row of rows) {
      plan.totalRows++;
      const slug = (row.TagName ?? '').trim().toLowerCase().slice(0, LIMITS.tagNameMax);
      if (!slug) {
        plan.report.skip(FILE, 'tag without a name');
        continue;
      }
      if (seen.has(slug)) {
        plan.report.skip(FILE, 'the same tag name twice');
        continue;
      }
      seen.add(slug);
      plan.report.imported(FILE);
      plan.tagSlugs.add(slug);
      const excerpt = dumpInt(row.ExcerptPostId, -1);
      const wiki = dumpInt(row.WikiPostId, -1);
      if (excerpt >= 0) plan.wikiPosts.set(excerpt, { slug, part: 'excerpt' });
      if (wiki >= 0) plan.wikiPosts.set(wiki, { slug, part: 'wiki' });
    }
  }
}

/** One converted excerpt or wiki body. */
export interface DescriptionPart {
  slug: string;
  part: 'excerpt' | 'wiki';
  html: string;
  markdown: string;
}

/**
 * Collects excerpt and wiki bodies as Posts.xml is written and sets each tag's description once both parts (or,
 * at `finish`, the one there is) are known. Only tags whose parts have not both arrived are held in memory (the
 * excerpt and the wiki are usually adjacent posts).
 */
export class TagDescriptions {
  private readonly held = new Map<string, Partial<Record<'excerpt' | 'wiki', DescriptionPart>>>();
  /** parts Tags.xml names per tag (1 or 2) */
  private readonly parts = new Map<string, number>();
  /** descriptions written */
  written = 0;

  constructor(private readonly plan: ImportPlan) {
    for (const v of plan.wikiPosts.values()) this.parts.set(v.slug, (this.parts.get(v.slug) ?? 0) + 1);
  }

  private expects(slug: string): number {
    return this.parts.get(slug) ?? 1;
  }

  /** Adds converted parts; writes the descriptions they complete. */
  async add(w: ImportRepository, parts: DescriptionPart[]): Promise<void> {
    for (const p of parts) {
      const h = this.held.get(p.slug) ?? {};
      h[p.part] = p;
      if (Object.keys(h).length >= this.expects(p.slug)) {
        this.held.delete(p.slug);
        await this.write(w, p.slug, h);
      } else {
        this.held.set(p.slug, h);
      }
    }
  }

  /** Writes the descriptions still held (a tag whose other part is missing from Posts.xml). */
  async finish(w: ImportRepository): Promise<void> {
    for (const [slug, h] of this.held) await this.write(w, slug, h);
    this.held.clear();
  }

  private async write(w: ImportRepository, slug: string, h: Partial<Record<'excerpt' | 'wiki', DescriptionPart>>): Promise<void> {
    const parts = [h.excerpt, h.wiki].filter((p): p is DescriptionPart => !!p && p.markdown.trim() !== '');
    if (!parts.length) return;
    const id = this.plan.tagIds.get(slug);
    if (!id) return;
    if (await w.setTagDescription(id, parts.map((p) => p.markdown.trim()).join('\n\n'), parts.map((p) => (p.html.trimStart().startsWith('<') ? p.html : `<p>${p.html.trim()}</p>`)).join('\n'))) this.written++;
  }
}
