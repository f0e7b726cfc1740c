import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';

/** The search operators (spec §3), each with its syntax and a translated explanation. */
const OPERATORS: [syntax: string, key: string][] = [
  ['[tag]', 'tag'],
  ['user:name', 'user'],
  ['score:3', 'score'],
  ['answers:0', 'answers'],
  ['is:question', 'question'],
  ['is:answer', 'answer'],
];

/** The tips panel of the search page. */
export function SearchTips() {
  const { t } = useTranslation();
  return (
    <Card as="aside" className="border-0 bg-body-tertiary" aria-labelledby="q-search-tips-title">
      <Card.Body>
        <h2 id="q-search-tips-title" className="h6 fw-semibold">
          {t('search_page.tips.title')}
        </h2>
        <dl className="small mb-0">
          {OPERATORS.map(([syntax, key]) => (
            <div key={key} className="mb-2">
              <dt className="fw-normal">
                <code>{syntax}</code>
              </dt>
              <dd className="text-body-secondary mb-0">{t(`search_page.tips.${key}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="small text-body-secondary mt-2 mb-0">{t('search_page.tips.combine')}</p>
      </Card.Body>
    </Card>
  );
}
