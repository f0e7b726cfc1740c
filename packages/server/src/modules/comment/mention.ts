/**
 * `@name` mentions: found in markdown outside code, linked to the profile `/users/<name>` when the user exists
 * (spec §5: "In posts, @name is turned into a profile link"), or to the group page `/groups/<name>` for a group its
 * author may mention (modules/group).
 */
import { LIMITS } from '@quorum/contract';

/** Splits markdown into code (fenced blocks, inline spans) and prose parts; odd indexes are code. */
function splitCode(source: string): string[] {
  return source.split(/(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/);
}

// A mention starts at a word boundary that is not part of an e-mail address, a link or a path.
const MENTION = new RegExp(`(^|[^\\w@/.\\[-])@([a-z0-9._-]{1,${LIMITS.usernameMax}})`, 'gi');

function clean(name: string): string {
  return name.replace(/[.]+$/, '').toLowerCase();
}

/** Usernames mentioned in markdown prose (lower-case, distinct). */
export function mentionedNames(source: string): string[] {
  const names = new Set<string>();
  splitCode(source).forEach((part, i) => {
    if (i % 2) return;
    for (const m of part.matchAll(MENTION)) {
      const n = clean(m[2]!);
      if (n) names.add(n);
    }
  });
  return [...names];
}

/**
 * Rewrites `@name` into a markdown link for each existing username (to `/users/<name>`) and each mentioned group
 * (to `/groups/<slug>`, modules/group group.mentions.ts); other text is untouched. A username wins over a group.
 * @param existing lower-case usernames that exist
 * @param groups lower-case group slugs the author mentioned
 */
export function linkMentions(source: string, existing: Set<string>, groups: Set<string> = new Set()): string {
  if (!existing.size && !groups.size) return source;
  return splitCode(source)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(MENTION, (all, pre: string, raw: string) => {
            const name = clean(raw);
            const rest = raw.slice(name.length);
            if (existing.has(name)) return `${pre}[@${name}](/users/${name})${rest}`;
            if (groups.has(name)) return `${pre}[@${name}](/groups/${name})${rest}`;
            return all;
          }),
    )
    .join('');
}
