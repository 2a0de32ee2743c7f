import type { ReactNode, Ref } from 'react';
import type { AlertMessage } from '../api/response';

export type AlertVariant = AlertMessage['variant'] | 'info';

export interface AlertProps {
  variant: AlertVariant;
  children: ReactNode;
  /** A failure is announced at once ("alert"), anything else politely ("status"), unless given. */
  role?: 'alert' | 'status';
  /** Further classes (layout of the content). */
  className?: string;
  testId?: string;
  /** Shows a close button that calls this; `closeLabel` is its accessible name. */
  onDismiss?: () => void;
  closeLabel?: string;
  /** The box's element (React 19 hands `ref` to a function component as a prop). */
  ref?: Ref<HTMLDivElement>;
}

/** A Bootstrap alert box with any content: the one markup of every alert on the console's screens. */
export function Alert(props: AlertProps) {
  const classes = ['alert', `alert-${props.variant}`];
  if (props.onDismiss) classes.push('alert-dismissible');
  if (props.className) classes.push(props.className);
  return (
    <div
      ref={props.ref}
      className={classes.join(' ')}
      role={props.role ?? (props.variant === 'danger' ? 'alert' : 'status')}
      data-testid={props.testId}
    >
      {props.children}
      {props.onDismiss && (
        <button type="button" className="btn-close" aria-label={props.closeLabel} onClick={props.onDismiss} />
      )}
    </div>
  );
}

/** An answer or failure shown in place (dialogs, forms). */
export function AlertBox({ alert }: { alert: AlertMessage | null }) {
  if (!alert) return null;
  return <Alert variant={alert.variant}>{alert.text}</Alert>;
}
