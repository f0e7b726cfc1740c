/**
 * History timelines (spec §2): /posts/:qid/timeline, /posts/:qid/:aid/timeline and /tags/:tid/timeline.
 * Logged-in users only. Lists every activity with a translated label, who and when, the comment or edit
 * summary and the reason of a moderator's action (a close reason, a flag's outcome); revisions open a diff against
 * the revision before. Moderators may show votes too, and undo a tag merge from its 'merged' row (UndoMergeDialog,
 * loaded when first opened).
 */
import { lazy, Suspense, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../components/Link';
import { questionPath } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { PageSpinner } from '../../components/PageSpinner';
import { UserLink } from '../../components/UserLink';
import { isStaff } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLoginGuard } from '../users/useLoginGuard';
import { ACTIVITY_TYPES, MODERATION_TYPES, useTimeline, type TimelineItem, type TimelineObject } from './api';
import './timeline.css';
import { withStrings } from '../../lib/i18n';

const RevisionDiff = lazy(withStrings(() => import('./RevisionDiff')));
const UndoMergeDialog = lazy(() => import('./UndoMergeDialog').then((m) => ({ default: m.UndoMergeDialog })));

/** Tag merge rows (modules/tag/tag.merge.service.ts): `reason` holds the slug of the other tag. */
const MERGE_TYPES = ['merged', 'merge_undone'];

const TONE: Record<string, string> = {
  asked: 'primary', answered: 'primary', created: 'primary', edited: 'info', rollback: 'info',
  accept: 'success', upvote: 'success', reopened: 'success', undeleted: 'success', show: 'success', pin: 'success',
  downvote: 'danger', deleted: 'danger', closed: 'warning', hide: 'secondary', unpin: 'secondary', cancelled: 'secondary', commented: 'secondary',
  flag_handled: 'warning', flag_ignored: 'secondary', merged: 'info', merge_undone: 'secondary',
};

/** Link back to what the timeline is about. */
function objectHref(o: TimelineObject, permalink: number): string {
  if (o.object_type === 'tag') return `/tags/${encodeURIComponent(o.main_tag_slug_name)}`;
  return questionPath(o.question_id, o.title, permalink, o.object_type === 'answer' ? o.answer_id : undefined, o.url_title);
}

/** "Undo merge" on a merge still in force, for staff; the confirmation's code loads on the first click. */
function UndoMerge({ item, object }: { item: TimelineItem; object: TimelineObject }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <div className="flex-shrink-0">
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
      >
        {t('tag_merge.undo')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <UndoMergeDialog show={show} mergeId={item.activity_id} source={item.reason ?? ''} target={object.url_title} onHide={() => setShow(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** One activity; revisions have a toggle that loads and shows their diff. */
function TimelineRow({ item, object, staff }: { item: TimelineItem; object: TimelineObject; staff: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const type = (ACTIVITY_TYPES as readonly string[]).includes(item.activity_type) ? item.activity_type : null;
  const moderation = (MODERATION_TYPES as readonly string[]).includes(item.activity_type);
  const merge = MERGE_TYPES.includes(item.activity_type);
  const label = type ? t(`timeline.type.${type}`) : moderation ? t(`timeline_moderation.${item.activity_type}`) : merge ? t(`tag_merge.type_${item.activity_type}`) : item.activity_type;
  const hasRevision = !!item.revision_id && item.revision_id !== '0';
  const onAnswer = object.object_type === 'question' && item.object_type === 'answer';
  const name = item.user_info?.display_name || item.user_info?.username || t('timeline.unknown_user');
  return (
    <li className="list-group-item px-3 py-3" data-activity={item.activity_type}>
      <div className="d-flex flex-column flex-md-row align-items-md-center gap-2 gap-md-3">
        <div className="d-flex flex-wrap align-items-center gap-2 gap-md-3 flex-shrink-0">
          <time dateTime={new Date(item.created_at * 1000).toISOString()} className="small text-body-secondary q-tl-when">
            {formatDateTime(item.created_at, i18n.language)}
          </time>
          <div className="q-tl-type">
            <Badge bg={TONE[item.activity_type] ?? 'secondary'} text={TONE[item.activity_type] === 'warning' || TONE[item.activity_type] === 'info' ? 'dark' : undefined} className="q-timeline-type">
              {label}
            </Badge>
            {item.cancelled ? (
              <Badge bg="secondary" className="ms-1" title={item.cancelled_at ? formatDateTime(item.cancelled_at, i18n.language) : undefined}>
                {t('timeline.type.cancelled')}
              </Badge>
            ) : null}
          </div>
          <div className="d-flex align-items-center gap-2 q-tl-user">
            <Avatar src={item.user_info?.avatar} name={name} size={20} />
            {item.user_info ? <UserLink user={item.user_info} className="small" /> : <span className="small">{name}</span>}
          </div>
        </div>
        <div className="flex-grow-1 min-w-0 small">
          {onAnswer ? (
            <Link to={`/posts/${object.question_id}/${item.object_id}/timeline`} className="me-2">
              {t('timeline.on_answer')}
            </Link>
          ) : null}
          {item.activity_type === 'commented' ? (
            <div className="q-timeline-comment text-break" dangerouslySetInnerHTML={{ __html: item.comment }} />
          ) : item.comment ? (
            <span className="text-break">{item.comment}</span>
          ) : null}
          {item.reason && merge ? (
            <div className="text-break q-timeline-reason">{t(item.activity_type === 'merged' ? 'tag_merge.merged_from' : 'tag_merge.undone_with', { tag: item.reason })}</div>
          ) : item.reason ? (
            <div className="text-break text-body-secondary q-timeline-reason">{t('timeline_moderation.reason', { reason: item.reason })}</div>
          ) : null}
        </div>
        {staff && item.activity_type === 'merged' && !item.cancelled && object.object_type === 'tag' ? <UndoMerge item={item} object={object} /> : null}
        {hasRevision ? (
          <div className="flex-shrink-0">
            <Button size="sm" variant="outline-primary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
              {open ? t('timeline.hide_revision') : t('timeline.view_revision')}
            </Button>
          </div>
        ) : null}
      </div>
      {hasRevision && open ? (
        <div id={panelId} className="mt-3 p-3 rounded bg-body-tertiary" role="region" aria-label={t('timeline.revision_of', { type: label })}>
          <Suspense fallback={<div style={{ minHeight: 40 }} />}>
            <RevisionDiff revisionId={item.revision_id} />
          </Suspense>
        </div>
      ) : null}
    </li>
  );
}

function TimelineSkeleton() {
  return (
    <ul className="list-group list-group-flush" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="list-group-item d-flex gap-3 py-3">
          <div className="q-skeleton" style={{ height: 14, width: '10rem' }} />
          <div className="q-skeleton" style={{ height: 14, width: '5rem' }} />
          <div className="q-skeleton flex-grow-1" style={{ height: 14 }} />
        </li>
      ))}
    </ul>
  );
}

/** The timeline page of a question, answer or tag. */
export default function TimelinePage() {
  const { t } = useTranslation();
  const { qid = '', aid = '', tid = '' } = useParams();
  const user = useLoginGuard();
  const staff = isStaff(user);
  const [showVotes, setShowVotes] = useState(false);
  const objectId = aid || qid || tid;
  const { data, isPending, isError } = useTimeline(user ? objectId : '', staff && showVotes);
  const slow = useDelayedFlag(!!user && isPending);
  const permalink = permalinkStyle(useSiteInfo());
  usePageTitle(data ? t('timeline.page_title', { title: data.object_info.title }) : t('timeline.title'));

  if (!user) return <PageSpinner />;
  const object = data?.object_info;
  const kind = object?.object_type === 'tag' ? 'tag' : object?.object_type === 'answer' ? 'answer' : 'question';
  return (
    <div className="container">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
        <div className="min-w-0">
          <h1 className="h3 mb-1">{t('timeline.title')}</h1>
          {object ? (
            <p className="mb-0 text-body-secondary">
              {t(`timeline.of_${kind}`)}{' '}
              <Link to={objectHref(object, permalink)} className="fw-semibold">
                {object.title}
              </Link>
            </p>
          ) : null}
        </div>
        {staff ? <Form.Check type="switch" id="q-timeline-votes" label={t('timeline.show_votes')} checked={showVotes} onChange={(e) => setShowVotes(e.target.checked)} /> : null}
      </div>
      <Card className="shadow-sm" aria-busy={isPending}>
        {isError ? (
          <Alert variant="danger" className="m-3">
            {t('timeline.load_failed')}
          </Alert>
        ) : null}
        {isPending ? slow ? <TimelineSkeleton /> : <div style={{ minHeight: 200 }} /> : null}
        {data && !data.timeline.length ? <p className="text-center text-body-secondary py-5 mb-0">{t('timeline.empty')}</p> : null}
        {data?.timeline.length ? (
          <ol className="list-group list-group-flush" aria-label={t('timeline.list_label')}>
            {data.timeline.map((item) => (
              <TimelineRow key={item.activity_id} item={item} object={data.object_info} staff={staff} />
            ))}
          </ol>
        ) : null}
      </Card>
      {object ? (
        <p className="mt-3">
          <Link to={objectHref(object, permalink)}>← {t(`timeline.back_${kind}`)}</Link>
        </p>
      ) : null}
    </div>
  );
}
