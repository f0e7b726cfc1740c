/**
 * "Community wiki" on the answer form and the ask page: posts the new question or answer as community wiki
 * (the `wiki` field of POST /question and POST /answer, modules/wiki), with a note of what that means and that
 * only a moderator can undo it. Strings: i18n/<lang>/ui-wiki-actions.yaml.
 */
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

/** A checkbox with its explanation; `id` is the input's id (the note is `${id}-hint`). */
export function WikiCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Form.Group className="mt-3" controlId={id}>
      <Form.Check type="checkbox" label={t('wiki.checkbox')} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} aria-describedby={`${id}-hint`} />
      <Form.Text id={`${id}-hint`} muted className="d-block ms-4">
        {t('wiki.checkbox_hint')}
      </Form.Text>
    </Form.Group>
  );
}
