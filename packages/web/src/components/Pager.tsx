import { Link } from './Link';
import { useTranslation } from 'react-i18next';

/** Page numbers to show around `page`: first, last, the current one with two neighbours, gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/**
 * Numbered pagination with real links (crawlable, server-rendered). Renders nothing for a single page.
 * @param hrefFor builds the link of a page number
 */
export function Pager({ page, total, pageSize, hrefFor, label }: { page: number; total: number; pageSize: number; hrefFor: (p: number) => string; label?: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const item = (p: number, text: string, aria?: string, disabled = false) => (
    <li key={`${text}-${p}`} className={`page-item${disabled ? ' disabled' : ''}${p === page && !aria ? ' active' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-hidden="true">
          {text}
        </span>
      ) : (
        <Link className="page-link" to={hrefFor(p)} aria-label={aria} aria-current={p === page && !aria ? 'page' : undefined}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={label ?? t('pager.label')}>
      <ul className="pagination pagination-sm flex-wrap mb-0">
        {item(page - 1, '‹', t('pager.prev'), page <= 1)}
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            item(p, String(p))
          ),
        )}
        {item(page + 1, '›', t('pager.next'), page >= pages)}
      </ul>
    </nav>
  );
}
