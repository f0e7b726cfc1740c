/**
 * Search-as-you-type under the header's search box (WAI-ARIA combobox with a listbox popup). Loaded on the
 * box's first focus, so it stays out of the first page load. After a 250 ms pause it asks GET /search for the
 * five best matches; ArrowUp/ArrowDown move through them, Enter opens the active one (with none active the
 * form submits to /search), Escape closes the list, and so do blur and navigation.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiKey } from '@quorum/contract';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { fetchSuggestions, SEARCH, searchQuery } from './api';
import { hitPath } from './SearchResultRow';
import './search.css';

/** Pause after the last keystroke before asking. */
export const SUGGEST_DELAY_MS = 250;
/** Shortest query that gets suggestions. */
const MIN_CHARS = 2;

/** What the input needs for its ARIA attributes. */
export interface SuggestState {
  open: boolean;
  activeId?: string;
}

/**
 * @param input the header's search input (keys, focus and blur are read from it)
 * @param q its current text
 * @param listId id of the listbox (the input's aria-controls)
 * @param onState reports whether the list is shown and which option is active
 */
export default function SearchSuggest({ input, q, listId, onState }: { input: RefObject<HTMLInputElement | null>; q: string; listId: string; onState: (s: SuggestState) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const permalink = permalinkStyle(useSiteInfo());
  const [debounced, setDebounced] = useState(q.trim());
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const [focused, setFocused] = useState(() => typeof document !== 'undefined' && document.activeElement === input.current);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  // New text or a new page: a fresh list, nothing active.
  useEffect(() => {
    setActive(-1);
    setDismissed(false);
  }, [debounced]);
  useEffect(() => setDismissed(true), [location.pathname, location.search]);

  const enabled = debounced.length >= MIN_CHARS;
  const { data } = useQuery({
    queryKey: [apiKey(SEARCH, searchQuery(debounced, 'relevance', 1, 5))],
    queryFn: () => fetchSuggestions(debounced),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  const hits = enabled && data ? data.list : [];
  const open = focused && !dismissed && hits.length > 0 && q.trim().length >= MIN_CHARS;
  const optionId = (i: number) => `${listId}-${i}`;

  const stateRef = useRef({ open, active, hits });
  stateRef.current = { open, active, hits };

  useEffect(() => {
    onState({ open, activeId: open && active >= 0 ? optionId(active) : undefined });
  }, [open, active]);

  // Keys, focus and blur of the header's input.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      const s = stateRef.current;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!s.hits.length) return;
        e.preventDefault();
        setDismissed(false);
        const n = s.hits.length;
        if (!s.open) setActive(e.key === 'ArrowDown' ? 0 : n - 1);
        else setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
      } else if (e.key === 'Enter' && s.open && s.active >= 0) {
        e.preventDefault();
        const hit = s.hits[s.active];
        if (hit) {
          setDismissed(true);
          void navigate(hitPath(hit, permalink));
        }
      } else if (e.key === 'Escape' && s.open) {
        e.preventDefault(); // a search input would otherwise clear what was typed
        setDismissed(true);
        setActive(-1);
      }
    };
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    el.addEventListener('keydown', onKey);
    el.addEventListener('focus', onFocus);
    el.addEventListener('blur', onBlur);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('focus', onFocus);
      el.removeEventListener('blur', onBlur);
    };
  }, [input, navigate, permalink]);

  if (!open) return null;
  // The navbar may be themed dark; the list follows the page's own theme.
  const theme = document.documentElement.getAttribute('data-bs-theme') ?? 'light';
  return (
    <ul id={listId} role="listbox" data-bs-theme={theme} aria-label={t('search_suggest.label')} className="q-suggest list-unstyled mb-0 shadow border rounded bg-body text-body">
      {hits.map((hit, i) => (
        <li
          key={`${hit.object_type}-${hit.object.id}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={`q-suggest-item px-3 py-2${i === active ? ' active' : ''}`}
          // Keep focus in the input so the click lands before the list closes on blur.
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => setActive(i)}
          onClick={() => {
            setDismissed(true);
            void navigate(hitPath(hit, permalink));
          }}
        >
          <span className="d-block text-truncate fw-medium">{hit.object.title}</span>
          <span className="d-block small text-body-secondary">
            {t(hit.object_type === 'answer' ? 'search_suggest.answer' : 'search_suggest.question')}
            {' · '}
            {`${hit.object.vote_count} ${t('question_list.votes', { count: hit.object.vote_count })}`}
            {hit.object_type === 'question' ? ` · ${hit.object.answer_count} ${t('question_list.answers', { count: hit.object.answer_count })}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
