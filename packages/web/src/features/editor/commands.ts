/**
 * Markdown formatting commands for the CodeMirror editor toolbar and its shortcuts.
 * Each command works on every selection range and leaves the inserted placeholder selected.
 */
import { EditorSelection, type ChangeSpec, type SelectionRange } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/** A CodeMirror command: returns true when it handled the key or click. */
export type EditorCommand = (view: EditorView) => boolean;

/**
 * Wraps each selection in `before`/`after` (bold, italic, inline code, link text).
 * An empty selection gets `placeholder` between the markers, selected so that typing replaces it.
 */
export function wrapSelection(before: string, after: string, placeholder: string): EditorCommand {
  return (view) => {
    const tr = view.state.changeByRange((range: SelectionRange) => {
      const text = view.state.sliceDoc(range.from, range.to) || placeholder;
      const insert = before + text + after;
      const start = range.from + before.length;
      return {
        changes: { from: range.from, to: range.to, insert },
        range: EditorSelection.range(start, start + text.length),
      };
    });
    view.dispatch(view.state.update(tr, { scrollIntoView: true, userEvent: 'input' }));
    view.focus();
    return true;
  };
}

/** Makes a link of each selection: `[text](https://)` with the address selected. */
export function insertLink(placeholder: string): EditorCommand {
  return (view) => {
    const url = 'https://';
    const tr = view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to) || placeholder;
      const insert = `[${text}](${url})`;
      const start = range.from + text.length + 3;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.range(start, start + url.length) };
    });
    view.dispatch(view.state.update(tr, { scrollIntoView: true, userEvent: 'input' }));
    view.focus();
    return true;
  };
}

/** Puts each selection into a fenced code block on lines of its own. */
export function insertCodeBlock(placeholder: string): EditorCommand {
  return (view) => {
    const tr = view.state.changeByRange((range) => {
      const doc = view.state.doc;
      const text = view.state.sliceDoc(range.from, range.to) || placeholder;
      const lead = range.from > 0 && doc.lineAt(range.from).from !== range.from ? '\n' : '';
      const insert = `${lead}\`\`\`\n${text}\n\`\`\`\n`;
      const start = range.from + lead.length + 4;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.range(start, start + text.length) };
    });
    view.dispatch(view.state.update(tr, { scrollIntoView: true, userEvent: 'input' }));
    view.focus();
    return true;
  };
}

/**
 * Adds `prefix` to the start of every line touched by a selection (quote '> ', list '- ', heading '## ').
 * Lines that already start with the prefix lose it instead, so the button toggles.
 */
export function prefixLines(prefix: string): EditorCommand {
  return (view) => {
    const { state } = view;
    const changes: ChangeSpec[] = [];
    const seen = new Set<number>();
    for (const range of state.selection.ranges) {
      for (let pos = range.from; pos <= range.to; ) {
        const line = state.doc.lineAt(pos);
        if (!seen.has(line.number)) {
          seen.add(line.number);
          if (line.text.startsWith(prefix)) changes.push({ from: line.from, to: line.from + prefix.length });
          else changes.push({ from: line.from, insert: prefix });
        }
        pos = line.to + 1;
      }
    }
    view.dispatch(state.update({ changes, scrollIntoView: true, userEvent: 'input' }));
    view.focus();
    return true;
  };
}

/** One toolbar button: `id` is also its translation key under editor.toolbar. */
export interface ToolbarAction {
  id: string;
  /** text glyph of the button (the link button draws an icon instead) */
  icon: string;
  shortcut?: string;
  run: EditorCommand;
}

/**
 * Toolbar actions in display order.
 * @param placeholder translated text inserted when nothing is selected, by kind (strong, emphasis, link, code)
 */
export function buildToolbar(placeholder: (kind: 'strong' | 'emphasis' | 'link' | 'code') => string): ToolbarAction[] {
  return [
    { id: 'heading', icon: 'H', run: prefixLines('## ') },
    { id: 'bold', icon: 'B', shortcut: 'Mod-b', run: wrapSelection('**', '**', placeholder('strong')) },
    { id: 'italic', icon: 'I', shortcut: 'Mod-i', run: wrapSelection('_', '_', placeholder('emphasis')) },
    { id: 'link', icon: '', shortcut: 'Mod-k', run: insertLink(placeholder('link')) },
    { id: 'code', icon: '</>', shortcut: 'Mod-e', run: wrapSelection('`', '`', placeholder('code')) },
    { id: 'codeBlock', icon: '{ }', run: insertCodeBlock(placeholder('code')) },
    { id: 'quote', icon: '❝', run: prefixLines('> ') },
    { id: 'list', icon: '•', run: prefixLines('- ') },
  ];
}
