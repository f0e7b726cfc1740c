/**
 * Sidebar widget of the question list: the week's hot questions, GET /question/page with the spec's trending
 * defaults (§9: page 1, page_size 6, order frequent, in_days 7). When nothing is from this week (a quiet or new
 * site, an imported one), the most recently active questions instead, under their own title, so the card is never
 * empty while the site has questions. Part of the list page's first load: keep small.
 */
import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { apiKey, questionPath } from '@quorum/contract';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import type { PageData, QuestionListItem } from '../../lib/types';
import { useDelayedFlag } from '../../lib/useDelayedFlag';

const PATH = '/answer/api/v1/question/page';
/** Trending list defaults (spec §9). */
export const TRENDING_QUERY = { page: 1, page_size: 6, order: 'frequent', in_days: 7 } as const;
/** What the card shows when the week has no question. */
export const ACTIVE_QUERY = { page: 1, page_size: 6, order: 'active' } as const;

/** 'Hot questions' card with an empty state; renders inside the list page's sidebar. */
export function TrendingQuestions() {
  const { t } = useTranslation();
  const permalink = permalinkStyle(useSiteInfo());
  const week = useQuery({
    queryKey: [apiKey(PATH, TRENDING_QUERY)],
    queryFn: () => api.get<PageData<QuestionListItem>>(PATH, TRENDING_QUERY, { passingError: true }),
    staleTime: 5 * 60_000,
  });
  const quietWeek = week.data?.list.length === 0;
  const active = useQuery({
    queryKey: [apiKey(PATH, ACTIVE_QUERY)],
    queryFn: () => api.get<PageData<QuestionListItem>>(PATH, ACTIVE_QUERY, { passingError: true }),
    staleTime: 5 * 60_000,
    enabled: quietWeek,
  });
  const { data, isPending, isError } = quietWeek ? active : week;
  const slow = useDelayedFlag(isPending);
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h6 fw-semibold" id="q-trending">
          {quietWeek && active.data?.list.length ? t('trending.title_active') : t('trending.title')}
        </h2>
        {isPending ? (
          slow ? (
            <div aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="q-skeleton mb-2" style={{ height: 12, width: `${90 - i * 12}%` }} />
              ))}
            </div>
          ) : (
            <div style={{ minHeight: 48 }} />
          )
        ) : isError ? (
          <p className="small text-danger mb-0">{t('trending.load_failed')}</p>
        ) : !data?.list.length ? (
          <p className="small text-body-secondary mb-0">{t('trending.empty')}</p>
        ) : (
          <ol className="list-unstyled mb-0 d-flex flex-column gap-2" aria-labelledby="q-trending">
            {data.list.map((q) => (
              <li key={q.id} className="d-flex gap-2 small">
                <span
                  className={`badge flex-shrink-0 align-self-start ${q.accepted_answer_id && q.accepted_answer_id !== '0' ? 'text-bg-success' : 'bg-body-secondary text-body'}`}
                  style={{ minWidth: '2rem' }}
                  title={t('question_list.answers', { count: q.answer_count })}
                >
                  {formatCount(q.answer_count)}
                  <span className="visually-hidden"> {t('question_list.answers', { count: q.answer_count })}</span>
                </span>
                <Link to={questionPath(q.id, q.title, permalink, undefined, q.url_title)} className="text-decoration-none text-break">
                  {q.title}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
