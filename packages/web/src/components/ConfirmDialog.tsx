import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

/** A yes/no question in a modal: Cancel, and the action in the given colour. */
export function ConfirmDialog(props: {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  variant?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className={`btn btn-${props.variant ?? 'danger'}`} onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
