/**
 * Plain textarea used while the CodeMirror editor loads, and in its place when it cannot start.
 * It has no CodeMirror imports, so pages can show it without pulling the editor bundle.
 */
import Form from 'react-bootstrap/Form';
import type { MarkdownEditorProps } from './types';

/** A markdown textarea with the same props as the full editor. */
export default function EditorFallback({ id, value, onChange, labelId, describedBy, invalid, placeholder, minHeight = 260 }: MarkdownEditorProps) {
  return (
    <Form.Control
      as="textarea"
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      isInvalid={invalid}
      placeholder={placeholder}
      className="font-monospace"
      style={{ minHeight }}
    />
  );
}
