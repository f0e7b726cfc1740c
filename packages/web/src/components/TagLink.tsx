import { Link } from './Link';
import type { TagInfo } from '../lib/types';

/** A tag pill linking to the tag page. */
export function TagLink({ tag }: { tag: TagInfo }) {
  return (
    <Link to={`/tags/${encodeURIComponent(tag.slug_name)}`} className="q-tag badge rounded-pill text-decoration-none">
      {tag.display_name || tag.slug_name}
    </Link>
  );
}

/** A row of tag pills. */
export function TagList({ tags, className = '' }: { tags: TagInfo[] | null | undefined; className?: string }) {
  if (!tags?.length) return null;
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-1 mb-0 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <TagLink tag={tag} />
        </li>
      ))}
    </ul>
  );
}
