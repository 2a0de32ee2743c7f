import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles/dialog.scss';
import '../styles/tables.scss';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  size?: 'lg' | 'xl';
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> element with Bootstrap's modal classes: the browser gives focus handling,
 * Escape and an inert background, so no overlay library is needed. Open while mounted; on close the focus
 * goes back to what had it before (usually the button that opened the dialog).
 */
export function Dialog({ title, onClose, size, footer, children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect: its cleanup runs while the dialog is still in the document. A passive effect's cleanup
  // runs after React removed it, when closing no longer hands the focus back and it falls to <body>.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // jsdom and very old browsers
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected && document.activeElement !== opener) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; keyboards close with Escape (cancel)
    <dialog
      ref={ref}
      className="modal app-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is the backdrop area around the content.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className={`modal-dialog modal-dialog-scrollable modal-dialog-centered${size ? ` modal-${size}` : ''}`}
      >
        <div className="modal-content">
          <div className="modal-header">
            <h2 className="modal-title h5" id={titleId}>
              {title}
            </h2>
            <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onClose} />
          </div>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      </div>
    </dialog>
  );
}

/** Spinner for a dialog body while its data loads. */
export function DialogLoading() {
  const { t } = useTranslation();
  return (
    <div className="text-center py-4">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('frame.loading')}</span>
      </div>
    </div>
  );
}
