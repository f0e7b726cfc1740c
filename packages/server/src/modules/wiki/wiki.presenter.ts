/** The wiki members of a question or answer as they leave the server (additive to Answer's shapes). */

/**
 * `{wiki, wiki_editor_count}`: whether the post is community wiki, and how many members wrote its approved
 * revisions (0 for an ordinary post, whose signature shows its author instead).
 * @param wikiAt the row's `wiki_at`
 * @param editors the post's count from `wikiEditorCounts`, undefined when not read
 */
export function presentWiki(wikiAt: number, editors: number | undefined): { wiki: boolean; wiki_editor_count: number } {
  const wiki = wikiAt > 0;
  return { wiki, wiki_editor_count: wiki ? Math.max(1, editors ?? 1) : 0 };
}
