import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  /** The element id: the spec's modal name (loginPopupModal, registerModal, ...). */
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  /** A forced modal (e.g. required password change) cannot be dismissed. */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * Accessible modal on the native <dialog>: focus moves in and is trapped, Esc and the close
 * button dismiss it, the page behind is inert.
 */
export function Modal({
  id,
  title,
  open,
  onClose,
  closeLabel,
  children,
  dismissible = true,
  size = 'md',
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Before paint: the frame that first draws the content also shows it in the top layer (a passive
  // effect would wait for a paint, which on a busy phone is a second or more behind).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      className={`modal modal-${size}`}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        // React passes a nested dialog's cancel (Esc) up the component tree although the DOM
        // event does not bubble: only this dialog's own Esc closes it.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (dismissible && e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal-box">
        <header className="modal-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {dismissible && (
            <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal-body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
