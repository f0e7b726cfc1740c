/** Content of the profile tabs: the overview (top posts) and the paged lists. */
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { Pager } from '../../components/Pager';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { PROFILE_PAGE_SIZE, usePersonalPage, useTopPosts, type PersonalLists } from './api';
import { AnswerItem, CommentItem, QuestionItem, ReputationItem, VoteItem } from './ProfileLists';

/** Tabs of a profile (spec §2) and the list each one pages through. */
export const PROFILE_TABS = ['overview', 'answers', 'questions', 'bookmarks', 'comments', 'reputation', 'votes'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Tabs only the profile's owner sees. */
export const OWNER_TABS: readonly ProfileTab[] = ['bookmarks', 'votes'];

const LIST_OF: Record<Exclude<ProfileTab, 'overview'>, keyof PersonalLists> = {
  answers: 'answer',
  questions: 'question',
  bookmarks: 'collection',
  comments: 'comment',
  reputation: 'rank',
  votes: 'vote',
};

function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="list-group list-group-flush" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="list-group-item d-flex gap-3 py-3">
          <div className="q-skeleton rounded" style={{ height: 24, width: 52 }} />
          <div className="flex-grow-1">
            <div className="q-skeleton mb-2" style={{ height: 14, width: '60%' }} />
            <div className="q-skeleton" style={{ height: 12, width: '30%' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Loading (skeleton after 1 s), error and empty states around a list. */
function ListState({ pending, error, empty, emptyText, children }: { pending: boolean; error: boolean; empty: boolean; emptyText: string; children: ReactNode }) {
  const { t } = useTranslation();
  const slow = useDelayedFlag(pending);
  if (pending) return slow ? <ListSkeleton /> : <div style={{ minHeight: 120 }} />;
  if (error) return <Alert variant="danger" className="m-3">{t('user_profile.load_failed')}</Alert>;
  if (empty) return <p className="text-center text-body-secondary py-5 mb-0 px-3">{emptyText}</p>;
  return <>{children}</>;
}

/** Overview: the five best questions and answers. */
export function OverviewTab({ username, permalink }: { username: string; permalink: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useTopPosts(username);
  return (
    <div className="row g-4">
      {(['answer', 'question'] as const).map((kind) => (
        <section key={kind} className="col-lg-6" aria-labelledby={`q-top-${kind}`}>
          <h2 id={`q-top-${kind}`} className="h5 mb-2">
            {t(kind === 'answer' ? 'user_profile.top_answers' : 'user_profile.top_questions')}
          </h2>
          <Card className="shadow-sm">
            <ListState pending={isPending} error={isError} empty={!data?.[kind].length} emptyText={t(kind === 'answer' ? 'user_profile.empty.answers' : 'user_profile.empty.questions')}>
              <ul className="list-group list-group-flush">
                {kind === 'answer'
                  ? data?.answer.map((a) => <AnswerItem key={a.answer_id} a={a} permalink={permalink} />)
                  : data?.question.map((q) => <QuestionItem key={q.id} q={q} permalink={permalink} />)}
              </ul>
            </ListState>
          </Card>
        </section>
      ))}
    </div>
  );
}

/**
 * A paged profile list. `page` and `order` come from the address (?page=, ?order=score) so pages are links.
 * @param hrefFor builds the address of a page / order
 */
export function ListTab({ tab, username, permalink, page, order, hrefFor }: { tab: Exclude<ProfileTab, 'overview'>; username: string; permalink: number; page: number; order: 'newest' | 'score'; hrefFor: (page: number, order: 'newest' | 'score') => string }) {
  const { t } = useTranslation();
  const kind = LIST_OF[tab];
  const ordered = tab === 'questions' || tab === 'answers';
  const { data, isPending, isError, isPlaceholderData } = usePersonalPage(kind, username, page, ordered ? order : undefined);
  const list = (data?.list ?? []) as PersonalLists[typeof kind][];
  const render = (item: unknown, i: number) => {
    switch (kind) {
      case 'question':
      case 'collection': {
        const q = item as PersonalLists['question'];
        return <QuestionItem key={`${q.id}-${q.answer_id ?? ''}-${i}`} q={q} permalink={permalink} />;
      }
      case 'answer': {
        const a = item as PersonalLists['answer'];
        return <AnswerItem key={a.answer_id} a={a} permalink={permalink} />;
      }
      case 'comment': {
        const c = item as PersonalLists['comment'];
        return <CommentItem key={c.comment_id} c={c} permalink={permalink} />;
      }
      case 'rank':
        return <ReputationItem key={i} r={item as PersonalLists['rank']} permalink={permalink} />;
      default:
        return <VoteItem key={i} v={item as PersonalLists['vote']} permalink={permalink} />;
    }
  };
  return (
    <section aria-labelledby="q-profile-list">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="q-profile-list" className="h5 mb-0">
          {t(`user_profile.tab.${tab}`)}
          {data ? <span className="text-body-secondary fw-normal ms-2 small">({data.count})</span> : null}
        </h2>
        {ordered ? (
          <Nav as="nav" variant="pills" className="small" aria-label={t('user_profile.sort_label')}>
            {(['newest', 'score'] as const).map((o) => (
              <Nav.Item key={o}>
                <Nav.Link as={Link} to={hrefFor(1, o)} active={o === order} aria-current={o === order ? 'page' : undefined} className="py-1 px-2">
                  {t(`user_profile.order.${o}`)}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        ) : null}
      </div>
      <Card className={`shadow-sm ${isPlaceholderData ? 'opacity-75' : ''}`} aria-busy={isPending || isPlaceholderData}>
        <ListState pending={isPending} error={isError} empty={!list.length} emptyText={t(`user_profile.empty.${tab}`)}>
          <ul className="list-group list-group-flush">{list.map(render)}</ul>
        </ListState>
      </Card>
      {data ? (
        <div className="d-flex justify-content-center mt-3">
          <Pager page={page} total={data.count} pageSize={PROFILE_PAGE_SIZE} hrefFor={(p) => hrefFor(p, order)} />
        </div>
      ) : null}
    </section>
  );
}
