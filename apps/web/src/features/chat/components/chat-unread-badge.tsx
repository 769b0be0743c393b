import { useTranslation } from 'react-i18next';
import { useChatUnread } from '../api/get-chat-unread';

/** The count of staff replies a logged-in member has not read, beside the "Live chat" entry. */
export function ChatUnreadBadge() {
  const { t } = useTranslation();
  const n = useChatUnread().data?.unread ?? 0;
  if (n <= 0) return null;
  return (
    <span className="chat-count" data-testid="live-chat-unread">
      {n > 99 ? '99+' : n}
      <span className="visually-hidden"> {t('memberCentre.unread', { n })}</span>
    </span>
  );
}
