/**
 * Tag chooser for the ask form: chips for chosen tags, a text input with suggestions from
 * GET /answer/api/v1/question/tags?tag=<prefix> (prefix match), and free typing of a new slug.
 * Keyboard: arrows pick a suggestion, Enter / comma / Tab add, Backspace on an empty input removes the
 * last chip, Delete or Backspace on a focused chip removes it. Typing a name no tag has, when the member has not
 * earned creating tags yet (GET /permission `tag.add`), says so under the input with the reputation it needs.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { LIMITS } from '@quorum/contract';
import { api } from '../../lib/api';
import { refusal, usePermissions } from '../post-actions/usePermissions';

/** A chosen tag as sent with the question. */
export interface ChosenTag {
  slug_name: string;
  display_name: string;
}

/** Most tags a question may carry (contract QuestionAddReq). */
export const MAX_TAGS = 5;
const SUGGEST_DEBOUNCE_MS = 200;

/** Normalizes typed text into a tag slug: trimmed, lower case, spaces to '-'. */
export function toSlug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-').slice(0, LIMITS.tagNameMax);
}

interface TagInputProps {
  id: string;
  value: ChosenTag[];
  onChange: (tags: ChosenTag[]) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Most tags that may be chosen (MAX_TAGS unless given; 1 makes a single-tag picker, without the counter). */
  max?: number;
}

/** Tag chips plus an autocomplete combobox (WAI-ARIA combobox with a listbox popup). */
export default function TagInput({ id, value, onChange, labelId, describedBy, invalid, max = MAX_TAGS }: TagInputProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<ChosenTag[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const chipRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const full = value.length >= max;
  const newTagWhy = refusal(usePermissions(['tag.add']), 'tag.add');
  /** The text the current suggestions answer (a new-tag hint waits for them). */
  const [loadedFor, setLoadedFor] = useState('');
  const hintId = useId();

  useEffect(() => {
    const prefix = text.trim();
    if (!prefix) {
      setSuggestions([]);
      return;
    }
    let cancelled = false;
    const timer = window.setTimeout(() => {
      api
        .get<ChosenTag[] | null>('/answer/api/v1/question/tags', { tag: prefix }, { passingError: true })
        .then((list) => {
          if (cancelled) return;
          const chosen = new Set(value.map((v) => v.slug_name));
          setSuggestions((list ?? []).filter((s) => !chosen.has(s.slug_name)).slice(0, 8));
          setLoadedFor(prefix);
          setActive(-1);
        })
        .catch(() => !cancelled && setSuggestions([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [text, value]);

  /** Adds a tag unless it is a duplicate or the limit is reached; clears the input. */
  const add = (tag: ChosenTag) => {
    if (!tag.slug_name || full) return;
    if (!value.some((v) => v.slug_name === tag.slug_name)) onChange([...value, tag]);
    setText('');
    setSuggestions([]);
    setActive(-1);
  };

  /** Adds what is typed: an exact suggestion when one matches, otherwise a new slug. */
  const addTyped = () => {
    const slug = toSlug(text);
    if (!slug) return;
    const match = suggestions.find((s) => s.slug_name === slug);
    add(match ?? { slug_name: slug, display_name: text.trim() });
  };

  /** Removes a chip; focus moves to the neighbouring chip, or to the input when asked or none is left. */
  const remove = (index: number, focusInput = false) => {
    onChange(value.filter((_, i) => i !== index));
    const left = value.length - 1;
    window.setTimeout(() => {
      if (focusInput || left === 0) inputRef.current?.focus();
      else chipRefs.current[Math.min(index, left - 1)]?.focus();
    });
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const showing = open && suggestions.length > 0;
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter' || e.key === ',' || (e.key === 'Tab' && text.trim())) {
      const pick = showing && active >= 0 ? suggestions[active] : undefined;
      if (pick) {
        e.preventDefault();
        add(pick);
      } else if (text.trim()) {
        e.preventDefault();
        addTyped();
      } else if (e.key === ',') {
        e.preventDefault();
      }
    } else if (e.key === 'Escape' && showing) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Backspace' && !text && value.length) {
      e.preventDefault();
      remove(value.length - 1, true);
    }
  };

  const onChipKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(index);
    } else if (e.key === 'ArrowLeft' && index > 0) {
      chipRefs.current[index - 1]?.focus();
    } else if (e.key === 'ArrowRight') {
      (chipRefs.current[index + 1] ?? inputRef.current)?.focus();
    }
  };

  const showList = open && suggestions.length > 0;
  const typedSlug = toSlug(text);
  const newTagHint = newTagWhy && typedSlug && loadedFor === text.trim() && !suggestions.some((s) => s.slug_name === typedSlug) ? t('ask.tags.new_not_yet', { tag: typedSlug, reason: newTagWhy }) : '';
  return (
    <div className="position-relative">
      <div
        className={`form-control d-flex flex-wrap align-items-center gap-1 py-1${invalid ? ' is-invalid' : ''}`}
        onClick={() => inputRef.current?.focus()}
      >
        <ul className="list-unstyled d-flex flex-wrap gap-1 m-0" aria-label={t('ask.tags.chosen')}>
          {value.map((tag, i) => (
            <li key={tag.slug_name}>
              <button
                type="button"
                ref={(el) => {
                  chipRefs.current[i] = el;
                }}
                className="btn btn-sm btn-secondary-subtle bg-secondary-subtle text-secondary-emphasis border-0 rounded-pill px-2 py-0"
                aria-label={t('ask.tags.remove', { tag: tag.display_name || tag.slug_name })}
                title={t('ask.tags.remove', { tag: tag.display_name || tag.slug_name })}
                onClick={() => remove(i)}
                onKeyDown={(e) => onChipKey(e, i)}
              >
                {tag.display_name || tag.slug_name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          className="border-0 flex-grow-1 bg-transparent text-body"
          style={{ outline: 'none', minWidth: '8rem' }}
          value={text}
          disabled={full}
          placeholder={full ? (max > 1 ? t('ask.tags.full', { max }) : '') : t('ask.tags.placeholder')}
          maxLength={LIMITS.tagNameMax}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-labelledby={labelId}
          aria-describedby={[describedBy, newTagHint ? hintId : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onInputKey}
          onBlur={() => {
            // Typed text counts as a tag once the person moves on, so it is not lost on submit.
            if (text.trim()) addTyped();
            setOpen(false);
          }}
        />
      </div>
      <ul id={listId} role="listbox" aria-labelledby={labelId} className={`dropdown-menu w-100 shadow-sm${showList ? ' show' : ''}`}>
        {suggestions.map((s, i) => (
          <li
            key={s.slug_name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`dropdown-item${i === active ? ' active' : ''}`}
            style={{ cursor: 'pointer' }}
            onMouseDown={(e) => {
              e.preventDefault();
              add(s);
            }}
          >
            {s.display_name || s.slug_name}
            {s.display_name && s.display_name !== s.slug_name && <small className="ms-2 opacity-75">{s.slug_name}</small>}
          </li>
        ))}
      </ul>
      {newTagHint ? (
        <Form.Text id={hintId} className="d-block">
          {newTagHint}
        </Form.Text>
      ) : null}
      {max > 1 ? (
        <Form.Text className="d-block text-end" aria-live="polite">
          {t('ask.tags.count', { count: value.length, max })}
        </Form.Text>
      ) : null}
    </div>
  );
}
