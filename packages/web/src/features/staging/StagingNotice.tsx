/**
 * On the question page of a pending question: when it is in the staging ground (its asker and moderators see the
 * page), a notice with its state, the latest feedback and a link to the staging ground page where the asker reads
 * every comment, replies and edits. Nothing when the question is not staged (the call answers 404).
 */
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { useStagedQuestion } from './api';
import { StagingStateBadge } from './StagingStateBadge';

/** The notice (see the file header). */
export function StagingNotice({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const { data } = useStagedQuestion(questionId);
  if (!data || data.state === 'published') return null;
  const last = data.feedback.filter((f) => !f.by_asker).at(-1);
  return (
    <Alert variant="info" data-testid="staging-notice">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <strong>{t('staging.notice_title')}</strong>
        <StagingStateBadge state={data.state} />
      </div>
      <p className="mb-1">{data.is_asker ? t(`staging.explain_asker.${data.state}`) : t(`staging.explain_reviewer.${data.state}`)}</p>
      {last?.content ? <p className="mb-1 text-break fst-italic">“{last.content}”</p> : null}
      <Link to={`/staging/${questionId}`} className="alert-link">
        {t('staging.notice_link', { count: data.feedback.length })}
      </Link>
    </Alert>
  );
}
