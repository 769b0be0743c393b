import type { Notice } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

interface NoticeModalProps {
  notices: Notice[];
  /** The notice opened (expanded and scrolled to); null means closed. */
  openIndex: number | null;
  onClose: () => void;
  title?: string;
}

/** News items with expandable content; opens at the clicked notice. */
export function NoticeModal({ notices, openIndex, onClose, title }: NoticeModalProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<number | null>(openIndex);
  const listRef = useRef<HTMLOListElement>(null);

  // Mounted per opening (the notice bar mounts it on a click), so the initial state is the clicked notice.
  useEffect(() => {
    if (openIndex === null) return;
    requestAnimationFrame(() => {
      listRef.current?.children[openIndex]?.scrollIntoView({ block: 'nearest' });
    });
  }, [openIndex]);

  return (
    <Modal
      id="noticeModal"
      title={title ?? t('notice.title')}
      open={openIndex !== null}
      onClose={onClose}
      closeLabel={t('common.close')}
      size="lg"
    >
      <ol className="notice-list" ref={listRef}>
        {notices.map((n, i) => {
          const open = expanded === i;
          return (
            <li
              key={n.id}
              className={open ? 'notice-item open' : 'notice-item'}
              data-testid={`notice-item-${i}`}
            >
              <button
                type="button"
                className="notice-head"
                aria-expanded={open}
                onClick={() => setExpanded(open ? null : i)}
              >
                <span className="notice-title">{n.title}</span>
                <time dateTime={n.createdTime}>{n.createdTime.slice(0, 10)}</time>
              </button>
              {open && (
                // Sanitised by the server before it is sent.
                <div className="rich-text notice-content" dangerouslySetInnerHTML={{ __html: n.content }} />
              )}
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
