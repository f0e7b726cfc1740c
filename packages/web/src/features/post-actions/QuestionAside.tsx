import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { apiKey, questionPath } from '@quorum/contract';
import { api } from '../../lib/api';
import { isActivated, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import type { PageData, QuestionInfo } from '../../lib/types';
import { InviteDialog } from './lazyDialogs';
import { usePermissions } from './usePermissions';

interface RelatedQuestion {
  id: string;
  title: string;
  /** Permalink slug made by the server. */
  url_title: string;
  answer_count: number;
  vote_count?: number;
  accepted_answer_id?: string;
}

function useList(path: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: [apiKey(path, query)],
    queryFn: () => api.get<PageData<RelatedQuestion>>(path, query, { passingError: true }),
    staleTime: 5 * 60_000,
  });
}

function QuestionLinks({ title, list }: { title: string; list: RelatedQuestion[] }) {
  const { t } = useTranslation();
  const style = permalinkStyle(useSiteInfo());
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h6 fw-semibold">{title}</h2>
        <ul className="list-unstyled small mb-0 d-flex flex-column gap-2">
          {list.map((q) => {
            const accepted = !!q.accepted_answer_id && q.accepted_answer_id !== '0';
            return (
              <li key={q.id} className="d-flex gap-2">
                <span
                  className={`badge flex-shrink-0 align-self-start ${accepted ? 'text-bg-success' : q.answer_count ? 'border border-success text-success' : 'text-bg-light border'}`}
                  title={t('qa.aside.answers', { count: q.answer_count })}
                  style={{ minWidth: 32 }}
                >
                  {formatCount(q.answer_count)}
                </span>
                <Link to={questionPath(q.id, q.title, style, undefined, q.url_title)} className="text-decoration-none">
                  {q.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </Card.Body>
    </Card>
  );
}

/**
 * Sidebar of the question page: invite to answer (disabled with the reason below the `question.invite` privilege), questions linked
 * from this one (GET /question/link) and related ones by tags (GET /question/similar/tag).
 */
export function QuestionAside({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [inviting, setInviting] = useState(false);
  const linked = useList('/answer/api/v1/question/link', { question_id: question.id, page: 1, page_size: 5 });
  const related = useList('/answer/api/v1/question/similar/tag', { question_id: question.id, page_size: 5 });
  const permission = usePermissions(isActivated(user) && question.status === 1 ? ['question.invite'] : [])?.['question.invite'];
  const why = permission && !permission.has_permission ? permission.no_permission_tip : '';

  return (
    <aside className="d-flex flex-column gap-3" aria-label={t('qa.aside.label')}>
      {permission ? (
        <Card className="shadow-sm">
          <Card.Body>
            <h2 className="h6 fw-semibold">{t('qa.invite.card_title')}</h2>
            <p className="small text-body-secondary">{t('qa.invite.card_text')}</p>
            {/* Not earned yet: shown disabled, with the reputation it needs (GET /permission's tip). */}
            <button
              type="button"
              className={`btn btn-sm btn-outline-primary${why ? ' opacity-50' : ''}`}
              aria-disabled={why ? true : undefined}
              aria-describedby={why ? 'invite-why' : undefined}
              title={why || undefined}
              onClick={() => (why ? toast(why, 'info') : setInviting(true))}
            >
              {t('qa.invite.button')}
            </button>
            {why ? (
              <p id="invite-why" className="small text-body-secondary mt-2 mb-0">
                {why}
              </p>
            ) : null}
          </Card.Body>
        </Card>
      ) : null}
      {linked.data?.list.length ? <QuestionLinks title={t('qa.aside.linked')} list={linked.data.list} /> : null}
      {related.data?.list.length ? <QuestionLinks title={t('qa.aside.related')} list={related.data.list} /> : null}
      {inviting ? <InviteDialog show questionId={question.id} onHide={() => setInviting(false)} /> : null}
    </aside>
  );
}
