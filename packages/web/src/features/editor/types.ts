/** Props of the markdown editor and its textarea fallback. */
export interface MarkdownEditorProps {
  /** id of the editable element (the label's target) */
  id: string;
  /** markdown source */
  value: string;
  onChange: (value: string) => void;
  /** id of the visible label element; the editor is named by it */
  labelId: string;
  /** ids of hint or error texts, space separated */
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  /** height of the writing area in px */
  minHeight?: number;
  /** show the server-rendered live preview under the editor (default true) */
  preview?: boolean;
}
