import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  wide?: boolean;
}

/** A modal on the native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Dialog({ open, title, onClose, children, footer, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`bo-dialog${wide ? ' bo-dialog-wide' : ''}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <header className="bo-dialog-head">
            <h2>{title}</h2>
            <button type="button" className="bo-icon-btn" onClick={onClose} aria-label={t('common.close')}>
              ×
            </button>
          </header>
          <div className="bo-dialog-body">{children}</div>
          {footer && <footer className="bo-dialog-foot">{footer}</footer>}
        </>
      )}
    </dialog>
  );
}
