import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import '../post-actions/strings';

interface Similar {
  id: string;
  title: string;
  /** Permalink slug made by the server. */
  url_title: string;
  answer_count: number;
  accepted_answer_id?: string;
}

const DEBOUNCE_MS = 500;
const MIN_TITLE = 10;

/**
 * Questions with similar titles (GET /question/similar?title=), shown while the title is typed so the asker
 * may find an answer before posting. Quiet when there are none; opens in a new tab so the draft stays.
 */
export default function SimilarQuestions({ title }: { title: string }) {
  const { t } = useTranslation();
  const style = permalinkStyle(useSiteInfo());
  const [list, setList] = useState<Similar[]>([]);
  useEffect(() => {
    const text = title.trim();
    if (text.length < MIN_TITLE) return setList([]);
    let cancelled = false;
    const timer = window.setTimeout(() => {
      api
        .get<Similar[]>('/answer/api/v1/question/similar', { title: text }, { passingError: true })
        .then((r) => !cancelled && setList(Array.isArray(r) ? r : []))
        .catch(() => !cancelled && setList([]));
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [title]);
  if (!list.length) return null;
  return (
    <section className="border rounded p-2 mb-3 small" aria-label={t('qa.similar.title')} aria-live="polite">
      <h2 className="h6 mb-2">{t('qa.similar.title')}</h2>
      <ul className="list-unstyled mb-0 d-flex flex-column gap-1">
        {list.map((q) => (
          <li key={q.id} className="d-flex gap-2">
            <span className="badge text-bg-light border align-self-start" title={t('qa.aside.answers', { count: q.answer_count })}>
              {formatCount(q.answer_count)}
            </span>
            <Link to={questionPath(q.id, q.title, style, undefined, q.url_title)} target="_blank" rel="noopener">
              {q.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
