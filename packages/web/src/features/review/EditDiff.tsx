/**
 * What a suggested edit changes, against the post as it is now: title as a word diff, tags as removed / added /
 * kept pills, body as a line diff with word marks inside edited lines (the timeline's diff and its styles).
 */
import { useTranslation } from 'react-i18next';
import { diffLines, diffWords, type DiffPart } from '../timeline/diff';
import '../timeline/timeline.css';

/** Text of one side of the diff. */
export interface DiffSide {
  title?: string;
  body?: string;
  tags?: { slug_name: string; display_name?: string }[];
}

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) => (p.op === 'del' ? <del key={i}>{p.text}</del> : p.op === 'ins' ? <ins key={i}>{p.text}</ins> : <span key={i}>{p.text}</span>))}
    </>
  );
}

function Tags({ before, after }: { before?: DiffSide['tags']; after: NonNullable<DiffSide['tags']> }) {
  const { t } = useTranslation();
  const had = new Set((before ?? []).map((x) => x.slug_name));
  const has = new Set(after.map((x) => x.slug_name));
  const rows = [
    ...after.map((x) => ({ slug: x.slug_name, label: x.display_name || x.slug_name, op: !before || had.has(x.slug_name) ? 'same' : 'ins' })),
    ...(before ?? []).filter((x) => !has.has(x.slug_name)).map((x) => ({ slug: x.slug_name, label: x.display_name || x.slug_name, op: 'del' })),
  ];
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t('review.diff.tags')}>
      {rows.map((r) => (
        <li key={`${r.op}-${r.slug}`} className={`q-diff-tag badge rounded-pill q-${r.op}`}>
          {r.label}
          {r.op !== 'same' ? <span className="visually-hidden"> ({t(r.op === 'ins' ? 'review.diff.added' : 'review.diff.removed')})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The diff of `after` against `before`. */
export function EditDiff({ before, after }: { before: DiffSide; after: DiffSide }) {
  const { t } = useTranslation();
  const lines = diffLines(before.body ?? '', after.body ?? '');
  const changed = lines.some((l) => l.op !== 'same');
  return (
    <div className="q-diff d-flex flex-column gap-3">
      {after.title !== undefined && (after.title || before.title) ? (
        <section>
          <h4 className="h6 small text-uppercase text-body-secondary mb-1">{t('review.diff.title')}</h4>
          <p className="fw-semibold mb-0 text-break">
            <Parts parts={diffWords(before.title ?? '', after.title)} />
          </p>
        </section>
      ) : null}
      {after.tags?.length ? (
        <section>
          <h4 className="h6 small text-uppercase text-body-secondary mb-1">{t('review.diff.tags')}</h4>
          <Tags before={before.tags} after={after.tags} />
        </section>
      ) : null}
      <section>
        <h4 className="h6 small text-uppercase text-body-secondary mb-1">{t('review.diff.body')}</h4>
        {changed ? (
          <div className="q-diff-body py-1" role="group" aria-label={t('review.diff.body')}>
            {lines.map((l, i) => (
              <div key={i} className={`q-diff-line q-${l.op}`}>
                <span className="q-diff-mark" aria-hidden="true">
                  {l.op === 'del' ? '−' : l.op === 'ins' ? '+' : ' '}
                </span>
                {l.op !== 'same' ? <span className="visually-hidden">{t(l.op === 'ins' ? 'review.diff.added' : 'review.diff.removed')}: </span> : null}
                <span className="flex-grow-1 min-w-0">{l.words ? <Parts parts={l.words} /> : l.op === 'del' ? <del>{l.text}</del> : l.op === 'ins' ? <ins>{l.text}</ins> : l.text || '\u00a0'}</span>
              </div>
            ))}
          </div>
        ) : (
          <p className="text-body-secondary small mb-0">{t('review.diff.empty_body')}</p>
        )}
      </section>
    </div>
  );
}
