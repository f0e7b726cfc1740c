/**
 * The changes a revision made (loaded lazily when a timeline row is opened): title as a word diff, tags as
 * removed / added / kept pills, body as a line diff with word-level marks inside edited lines.
 */
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { useRevisionDetail, type RevisionSnapshot } from './api';
import { diffLines, diffWords, type DiffPart } from './diff';

/** Inline parts: removed in <del>, added in <ins>. */
function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) => (p.op === 'del' ? <del key={i}>{p.text}</del> : p.op === 'ins' ? <ins key={i}>{p.text}</ins> : <span key={i}>{p.text}</span>))}
    </>
  );
}

function TagsDiff({ before, after }: { before: RevisionSnapshot | null; after: RevisionSnapshot }) {
  const { t } = useTranslation();
  const name = (tag: { slug_name: string; display_name?: string }) => tag.display_name || tag.slug_name;
  const oldSlugs = new Set((before?.tags ?? []).map((x) => x.slug_name));
  const newSlugs = new Set((after.tags ?? []).map((x) => x.slug_name));
  const rows = [
    ...(after.tags ?? []).map((x) => ({ slug: x.slug_name, label: name(x), op: !before || oldSlugs.has(x.slug_name) ? 'same' : 'ins' })),
    ...(before?.tags ?? []).filter((x) => !newSlugs.has(x.slug_name)).map((x) => ({ slug: x.slug_name, label: name(x), op: 'del' })),
  ];
  if (!rows.length) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t('timeline.diff.tags')}>
      {rows.map((r) => (
        <li key={`${r.op}-${r.slug}`} className={`q-diff-tag badge rounded-pill q-${r.op}`}>
          {r.label}
          {r.op !== 'same' ? <span className="visually-hidden"> ({t(r.op === 'ins' ? 'timeline.diff.added' : 'timeline.diff.removed')})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function BodyDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const lines = diffLines(before, after);
  if (!lines.length) return <p className="text-body-secondary small mb-0">{t('timeline.diff.empty_body')}</p>;
  return (
    <div className="q-diff-body py-1" role="group" aria-label={t('timeline.diff.body')}>
      {lines.map((l, i) => (
        <div key={i} className={`q-diff-line q-${l.op}`}>
          <span className="q-diff-mark" aria-hidden="true">
            {l.op === 'del' ? '−' : l.op === 'ins' ? '+' : ' '}
          </span>
          {l.op !== 'same' ? <span className="visually-hidden">{t(l.op === 'ins' ? 'timeline.diff.added' : 'timeline.diff.removed')}: </span> : null}
          <span className="flex-grow-1 min-w-0">{l.words ? <Parts parts={l.words} /> : l.op === 'del' ? <del>{l.text}</del> : l.op === 'ins' ? <ins>{l.text}</ins> : l.text || '\u00a0'}</span>
        </div>
      ))}
    </div>
  );
}

/** Diff of revision `revisionId` against the revision before it. */
export default function RevisionDiff({ revisionId }: { revisionId: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRevisionDetail(revisionId);
  const slow = useDelayedFlag(isPending);
  if (isPending) {
    return slow ? (
      <div aria-hidden="true">
        <div className="q-skeleton mb-2" style={{ height: 14, width: '50%' }} />
        <div className="q-skeleton" style={{ height: 60 }} />
      </div>
    ) : (
      <div style={{ minHeight: 40 }} />
    );
  }
  if (isError || !data?.new_revision) return <Alert variant="danger" className="mb-0 small">{t('timeline.diff.load_failed')}</Alert>;
  const after = data.new_revision;
  const before = data.old_revision;
  const isTag = !!after.slug_name;
  return (
    <div className="q-diff d-flex flex-column gap-3">
      {!before ? <p className="small text-body-secondary mb-0">{t('timeline.diff.first_revision')}</p> : null}
      {after.title || before?.title ? (
        <section>
          <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('timeline.diff.title')}</h3>
          <p className="fw-semibold mb-0">{before ? <Parts parts={diffWords(before.title, after.title)} /> : after.title}</p>
        </section>
      ) : null}
      {!isTag && (after.tags?.length || before?.tags?.length) ? (
        <section>
          <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('timeline.diff.tags')}</h3>
          <TagsDiff before={before} after={after} />
        </section>
      ) : null}
      {isTag ? (
        <section>
          <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('timeline.diff.slug')}</h3>
          <p className="mb-0 font-monospace small">{before ? <Parts parts={diffWords(before.slug_name, after.slug_name)} /> : after.slug_name}</p>
        </section>
      ) : null}
      <section>
        <h3 className="h6 small text-uppercase text-body-secondary mb-1">{t('timeline.diff.body')}</h3>
        <BodyDiff before={before ? before.original_text : ''} after={after.original_text} />
      </section>
    </div>
  );
}
