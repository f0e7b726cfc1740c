/**
 * The request layer's message dialogs (spec §8): err_type 'modal' (a confirm dialog: OK and cancel) and a 400
 * with empty data (the message with only a close button). A native <dialog> shown modally: focus is trapped,
 * Escape closes it, and no dialog library joins the first load.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { closeMessageDialog, dialogStore, type MessageDialog } from '../lib/dialogs';
import { useStore } from '../lib/store';

function MessageBox({ dialog }: { dialog: MessageDialog }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);
  const close = () => closeMessageDialog(dialog.id);
  const titleId = `q-msg-${dialog.id}`;
  return (
    <dialog ref={ref} className="q-message-dialog border-0 p-0 bg-transparent" style={{ width: 'min(500px, calc(100% - 2rem))', overflow: 'visible' }} aria-labelledby={titleId} onClose={close} onCancel={close}>
      <style>{'.q-message-dialog::backdrop{background:rgba(0,0,0,.5)}'}</style>
      {/* Bootstrap's modal classes give the look; the native dialog does the behaviour. */}
      <div className="modal position-static d-block" style={{ overflow: 'visible' }}>
        <div className="modal-dialog m-0">
          <div className="modal-content shadow">
            <div className="modal-header">
              <h2 id={titleId} className="modal-title h5">
                {dialog.kind === 'confirm' ? t('api_dialog.confirm_title') : t('api_dialog.title')}
              </h2>
              <button type="button" className="btn-close" aria-label={t('common.close')} onClick={close} />
            </div>
            <div className="modal-body">{dialog.message}</div>
            <div className="modal-footer">
              {dialog.kind === 'confirm' && (
                <button type="button" className="btn btn-link" onClick={close}>
                  {t('api_dialog.cancel')}
                </button>
              )}
              <button type="button" className={`btn ${dialog.kind === 'confirm' ? 'btn-primary' : 'btn-secondary'}`} onClick={close} autoFocus>
                {dialog.kind === 'confirm' ? t('api_dialog.ok') : t('common.close')}
              </button>
            </div>
          </div>
        </div>
      </div>
    </dialog>
  );
}

/** Renders the first open message dialog, if any. */
export function ApiDialogs() {
  const dialogs = useStore(dialogStore, []);
  const first = dialogs[0];
  return first ? <MessageBox key={first.id} dialog={first} /> : null;
}
