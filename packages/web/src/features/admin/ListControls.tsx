/**
 * Pieces shared by the admin lists: status filter tabs and the search box, both kept in the address's query
 * (so a filtered page can be linked and the back button works), and the list's URL state.
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';

/** The list's query state: filter, search text and page (1-based), read from and written to the address. */
export function useListParams(defaultFilter: string) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('status') || defaultFilter;
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Link to the list with some parts changed (the page goes back to 1 unless given). */
  const hrefWith = (change: { status?: string; query?: string; page?: number }) => {
    const next = new URLSearchParams(params);
    if (change.status !== undefined) next.set('status', change.status);
    if (change.query) next.set('query', change.query);
    else if (change.query !== undefined) next.delete('query');
    if (change.page && change.page > 1) next.set('page', String(change.page));
    else next.delete('page');
    return `?${next.toString()}`;
  };
  return { filter, query, page, hrefWith, setParams };
}

/** Status tabs as links. */
export function FilterTabs({ filters, current, hrefFor, labelFor }: { filters: readonly string[]; current: string; hrefFor: (f: string) => string; labelFor: (f: string) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.common.filter')}>
      <ul className="nav nav-tabs flex-nowrap overflow-auto mb-3 q-admin-tabs">
        {filters.map((f) => (
          <li key={f} className="nav-item">
            <Link to={hrefFor(f)} className={`nav-link text-nowrap${f === current ? ' active' : ''}`} aria-current={f === current ? 'page' : undefined}>
              {labelFor(f)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The search box; submitting goes to page 1 of the results. */
export function SearchBox({ value, placeholder, onSearch }: { value: string; placeholder: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form role="search" onSubmit={submit} className="mb-3 q-admin-search">
      <InputGroup size="sm">
        <Form.Control type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} aria-label={placeholder} />
        <Button type="submit" variant="outline-secondary">
          {t('admin.common.search')}
        </Button>
      </InputGroup>
    </Form>
  );
}
