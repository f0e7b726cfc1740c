/**
 * Markdown editor: CodeMirror 6 with a formatting toolbar and a server-rendered live preview.
 * Pages must load it with React.lazy so CodeMirror stays out of the reading pages' bundle.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView, drawSelection, keymap, placeholder as placeholderExt } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { useImageUpload } from '../upload/useImageUpload';
import { buildToolbar, type ToolbarAction } from './commands';
import EditorFallback from './EditorFallback';
import type { MarkdownEditorProps } from './types';
import { usePreview } from './usePreview';
import './editor.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Chain-link icon (no emoji font is assumed on the reader's system). */
const linkIcon = (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
    <path d="M6.5 9.5a3 3 0 0 0 4.2 0l2.1-2.1a3 3 0 0 0-4.2-4.2l-.8.8" />
    <path d="M9.5 6.5a3 3 0 0 0-4.2 0L3.2 8.6a3 3 0 0 0 4.2 4.2l.8-.8" />
  </svg>
);

/** Picture icon of the image upload button. */
const imageIcon = (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" aria-hidden="true">
    <rect x="2" y="3" width="12" height="10" rx="1.5" />
    <circle cx="6" cy="6.5" r="1.2" />
    <path d="m2.5 12 3.5-3.5 2.5 2.5 2-2 3 3" />
  </svg>
);

/**
 * Marks a transaction that carries a `value` the page already holds into the editor: the update listener does
 * not report it back through `onChange`. Without the mark an older `value` rendered while a newer keystroke was
 * still queued (a render of another priority, e.g. when similar questions arrive) was echoed back as new text,
 * and the page and the editor kept overwriting each other until React gave up (maximum update depth).
 */
const fromProps = Annotation.define<boolean>();

/**
 * The smallest change that turns `doc` into `next` (common start and end kept), so the cursor stays put when
 * the page's value catches up with the editor.
 */
function minimalChange(doc: string, next: string): { from: number; to: number; insert: string } {
  let start = 0;
  const max = Math.min(doc.length, next.length);
  while (start < max && doc.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && doc.charCodeAt(doc.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end++;
  return { from: start, to: doc.length - end, insert: next.slice(start, next.length - end) };
}

/** Image files of a paste or drop, if any. */
function imageFiles(data: DataTransfer | null): File[] {
  return data ? [...data.files].filter((f) => f.type.startsWith('image/')) : [];
}

/** Human form of a CodeMirror key name: 'Mod-b' -> 'Ctrl+B' or '⌘B'. */
function shortcutLabel(key: string): string {
  const letter = key.split('-').pop()!.toUpperCase();
  return isMac ? `⌘${letter}` : `Ctrl+${letter}`;
}

/** Attributes of the editable element: its name, hints and validity for assistive technology. */
function contentAttributes(p: Pick<MarkdownEditorProps, 'id' | 'labelId' | 'describedBy' | 'invalid'>) {
  const attrs: Record<string, string> = { id: p.id, 'aria-labelledby': p.labelId, 'aria-multiline': 'true', role: 'textbox' };
  if (p.describedBy) attrs['aria-describedby'] = p.describedBy;
  if (p.invalid) attrs['aria-invalid'] = 'true';
  return EditorView.contentAttributes.of(attrs);
}

/** The markdown editor with toolbar and live preview (default export for React.lazy). */
export default function MarkdownEditor(props: MarkdownEditorProps) {
  const { id, value, onChange, labelId, describedBy, invalid, placeholder, minHeight = 260, preview = true } = props;
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /**
   * The texts the editor reported through `onChange` that have not come back as `value` yet, oldest first. A
   * `value` among them is the editor's own text returning, possibly already overtaken by later keystrokes (preact
   * runs a render's effects as late as the next render, after further input), so it is not written back.
   */
  const reported = useRef<string[]>([]);
  const attrs = useRef(new Compartment());
  const [failed, setFailed] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);

  const actions: ToolbarAction[] = useMemo(() => buildToolbar((kind) => t(`editor.placeholder.${kind}`)), [t]);
  const fileInput = useRef<HTMLInputElement>(null);
  // Uploaded images go in at the cursor as `![name](url)` (POST /file, images only, 4 MB at most).
  const insertImage = useCallback((markdown: string) => {
    const view = viewRef.current;
    if (!view) return onChangeRef.current(`${value}\n${markdown}`);
    view.dispatch(view.state.replaceSelection(markdown), { scrollIntoView: true, userEvent: 'input' });
    view.focus();
  }, [value]);
  const images = useImageUpload(insertImage);
  const uploadRef = useRef(images.upload);
  uploadRef.current = images.upload;

  // Create the editor once; later prop changes are applied by the effects below.
  useEffect(() => {
    if (!host.current) return;
    let view: EditorView;
    try {
      const shortcuts = actions.filter((a) => a.shortcut).map((a) => ({ key: a.shortcut!, run: a.run, preventDefault: true }));
      view = new EditorView({
        parent: host.current,
        state: EditorState.create({
          doc: value,
          extensions: [
            history(),
            drawSelection(),
            EditorView.lineWrapping,
            // The bare language (GFM) rather than markdown(): that one pulls in the HTML, CSS and JS parsers.
            new LanguageSupport(markdownLanguage),
            syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
            keymap.of([...shortcuts, ...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
            placeholderExt(placeholder ?? ''),
            EditorView.theme({ '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` } }),
            attrs.current.of(contentAttributes({ id, labelId, describedBy, invalid })),
            EditorView.domEventHandlers({
              paste: (e) => {
                const files = imageFiles(e.clipboardData);
                if (!files.length) return false;
                e.preventDefault();
                void uploadRef.current(files);
                return true;
              },
              drop: (e, v) => {
                const files = imageFiles(e.dataTransfer);
                if (!files.length) return false;
                e.preventDefault();
                const pos = v.posAtCoords({ x: e.clientX, y: e.clientY });
                if (pos !== null) v.dispatch({ selection: { anchor: pos } });
                void uploadRef.current(files);
                return true;
              },
            }),
            EditorView.updateListener.of((u) => {
              if (!u.docChanged || u.transactions.some((tr) => tr.annotation(fromProps))) return;
              const doc = u.state.doc.toString();
              reported.current = [...reported.current.slice(-49), doc];
              onChangeRef.current(doc);
            }),
          ],
        }),
      });
    } catch {
      setFailed(true);
      return;
    }
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Created once per mount: later prop changes are applied by the effects below.
  }, []);

  // A value set from outside (e.g. a restored draft) replaces the document, without being reported back.
  useEffect(() => {
    const echo = reported.current.indexOf(value);
    if (echo >= 0) {
      reported.current = reported.current.slice(echo + 1);
      return;
    }
    const view = viewRef.current;
    const doc = view?.state.doc.toString();
    if (view && doc !== undefined && doc !== value) {
      view.dispatch({ changes: minimalChange(doc, value), annotations: fromProps.of(true) });
    }
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: attrs.current.reconfigure(contentAttributes({ id, labelId, describedBy, invalid })) });
  }, [id, labelId, describedBy, invalid]);

  const rendered = usePreview(value, preview && !failed);

  if (failed) return <EditorFallback {...props} />;

  /** Arrow keys move between toolbar buttons (one tab stop for the whole toolbar). */
  const onToolbarKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const jump = e.key === 'Home' ? 0 : e.key === 'End' ? actions.length : null;
    if (!delta && jump === null) return;
    e.preventDefault();
    const count = actions.length + 1; // the formatting buttons, then the image button
    const next = jump === null ? (focusIndex + delta + count) % count : Math.min(jump, count - 1);
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div>
      <div className={`qm-editor${invalid ? ' is-invalid' : ''}`}>
        <div
          ref={toolbarRef}
          className="qm-toolbar d-flex flex-wrap gap-1 p-1"
          role="toolbar"
          aria-label={t('editor.toolbar.label')}
          aria-controls={id}
          onKeyDown={onToolbarKey}
        >
          {actions.map((a, i) => {
            const name = t(`editor.toolbar.${a.id}`);
            const title = a.shortcut ? `${name} (${shortcutLabel(a.shortcut)})` : name;
            return (
              <Button
                key={a.id}
                variant="link"
                size="sm"
                className="text-body text-decoration-none"
                tabIndex={i === focusIndex ? 0 : -1}
                aria-label={name}
                title={title}
                onMouseDown={(e) => e.preventDefault()}
                onFocus={() => setFocusIndex(i)}
                onClick={() => viewRef.current && a.run(viewRef.current)}
              >
                <span aria-hidden="true" className={a.id === 'italic' ? 'fst-italic' : undefined}>
                  {a.id === 'link' ? linkIcon : a.icon}
                </span>
              </Button>
            );
          })}
          <Button
            variant="link"
            size="sm"
            className="text-body text-decoration-none"
            tabIndex={focusIndex === actions.length ? 0 : -1}
            aria-label={t('qa.upload.button')}
            title={t('qa.upload.button')}
            disabled={images.busy}
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setFocusIndex(actions.length)}
            onClick={() => fileInput.current?.click()}
          >
            {images.busy ? <Spinner animation="border" size="sm" role="status" aria-label={t('qa.upload.busy')} /> : imageIcon}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
            hidden
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void images.upload(files);
            }}
          />
        </div>
        <div ref={host} />
      </div>
      {preview && (
        <section className="mt-3" aria-label={t('editor.preview.label')} aria-busy={rendered.pending}>
          <div className="d-flex align-items-center gap-2 mb-1 small text-body-secondary">
            <span>{t('editor.preview.label')}</span>
            {rendered.pending && <Spinner animation="border" size="sm" role="status" aria-label={t('editor.preview.loading')} />}
            {rendered.failed && <span className="text-danger">{t('editor.preview.failed')}</span>}
          </div>
          {rendered.html ? (
            <div className="qm-preview" dangerouslySetInnerHTML={{ __html: rendered.html }} />
          ) : (
            <div className="qm-preview text-body-secondary small">{t('editor.preview.empty')}</div>
          )}
        </section>
      )}
    </div>
  );
}
