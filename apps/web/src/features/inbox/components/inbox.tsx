import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/cashier.css';
import { useMessages, type InboxMessage } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useMessageText } from '../hooks/use-message-text';

function MessageItem({
  message,
  open,
  onToggle,
}: {
  message: InboxMessage;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const text = useMessageText()(message);
  const bodyId = `inbox-body-${message.id}`;
  return (
    <li className={message.read ? 'mc-message' : 'mc-message unread'} data-testid="inbox-message">
      <button
        type="button"
        className="mc-message-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="mc-dot" aria-hidden="true" />
        <span className="mc-message-title">
          {text.title}
          {!message.read && <span className="visually-hidden"> ({t('inbox.unread')})</span>}
        </span>
        <time className="mc-muted" dateTime={message.createdTime}>
          {formatInZone(message.createdTime, brand.timezone, false)}
        </time>
      </button>
      {open && (
        <div id={bodyId} className="mc-message-body" data-testid="inbox-message-body">
          <p>{text.body}</p>
          {text.reason && <p className="mc-muted">{t('cashierCommon.reason', { reason: text.reason })}</p>}
        </div>
      )}
    </li>
  );
}

/**
 * Inbox (member centre page `messageV2`): the member's messages, newest first, an unread dot on
 * each new one; opening a message marks it read; "mark all read"; paged.
 */
export function Inbox() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const messages = useMessages(page);
  const markRead = useMarkRead();

  const toggle = (m: InboxMessage) => {
    const next = openId === m.id ? null : m.id;
    setOpenId(next);
    if (next && !m.read) markRead.mutate(m.id);
  };
  const anyUnread = messages.data?.list.some((m) => !m.read) ?? false;

  return (
    <div className="sec-page" data-testid="inbox">
      <div className="mc-page-head">
        <h3 className="sec-page-title">{t('inbox.title')}</h3>
        <button
          type="button"
          className="btn btn-sm"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => {
            setStatus(null);
            markRead.mutate(undefined, {
              onSuccess: () => setStatus({ ok: true, text: t('inbox.allRead') }),
              onError: (err) => setStatus({ ok: false, text: errorText(err) }),
            });
          }}
          data-testid="inbox-mark-all"
        >
          {t('inbox.markAll')}
        </button>
      </div>
      <FormStatus status={status} testId="inbox-status" />
      <QueryState query={messages}>
        {({ list, totalPages }) =>
          list.length === 0 ? (
            <p className="state-box" data-testid="inbox-empty">
              {t('inbox.empty')}
            </p>
          ) : (
            <>
              <ul className={messages.isPlaceholderData ? 'mc-messages is-loading' : 'mc-messages'}>
                {list.map((m) => (
                  <MessageItem key={m.id} message={m} open={openId === m.id} onToggle={() => toggle(m)} />
                ))}
              </ul>
              <Pagination
                page={page}
                totalPages={totalPages}
                onChange={setPage}
                busy={messages.isPlaceholderData}
                label={t('inbox.pages')}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
