import { questionPath } from '@quorum/contract';
import { Link } from '../../components/Link';
import { permalinkStyle, useSiteInfo } from '../../lib/site';

/** The original question of a duplicate, as the server names it (`operation.duplicate`, a flag's `duplicate`). */
export interface DuplicateTarget {
  id: string;
  title: string;
  url_title: string;
}

/**
 * A duplicate's original shown by its title as a link; without one, the text as given, broken anywhere so a
 * long address never widens the page.
 * @param text the close message or flag text (an address or a note)
 */
export function DuplicateOf({ target, text, className }: { target?: DuplicateTarget | null; text: string; className?: string }) {
  const style = permalinkStyle(useSiteInfo());
  if (!target) return text ? <div className={`text-break ${className ?? ''}`}>{text}</div> : null;
  return (
    <div className={`text-break ${className ?? ''}`}>
      <Link to={questionPath(target.id, target.title, style, undefined, target.url_title)}>{target.title}</Link>
    </div>
  );
}
