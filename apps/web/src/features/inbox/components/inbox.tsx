import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus, type Status } from '../../../components/ui/form-status';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { TabList } from '../../../components/ui/tab-list';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/cashier.css';
import { useDeleteMessages } from '../api/delete-messages';
import { useMessages, type InboxMessage } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useMessageText } from '../hooks/use-message-text';
import { FeedbackPanel } from './feedback';

function MessageItem({
  message,
  open,
  onToggle,
  onDeleted,
}: {
  message: InboxMessage;
  open: boolean;
  onToggle: () => void;
  onDeleted: (status: Status) => void;
}) {
  const { t } = useTranslation('inbox');
  const brand = useBrand();
  const errorText = useErrorText();
  const text = useMessageText()(message);
  const remove = useDeleteMessages();
  const [confirming, setConfirming] = useState(false);
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
          <p className="mc-message-text">{text.body}</p>
          {text.reason && <p className="mc-muted">{t('cashierCommon.reason', { reason: text.reason })}</p>}
          {confirming ? (
            <InlineConfirm
              text={t('inbox.deleteConfirm')}
              busy={remove.isPending}
              onCancel={() => setConfirming(false)}
              // The promise, not mutate's callbacks: the list refetched after the delete drops this
              // message (unmounting it) before mutate's own callbacks would run, and they then never do.
              onConfirm={() =>
                remove.mutateAsync({ ids: [message.id] }).then(
                  () => onDeleted({ ok: true, text: t('inbox.deleted', { n: 1 }) }),
                  (err: unknown) => {
                    setConfirming(false);
                    onDeleted({ ok: false, text: errorText(err) });
                  },
                )
              }
              testId="inbox-delete-confirm"
            />
          ) : (
            <div className="sec-actions">
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => setConfirming(true)}
                data-testid="inbox-delete"
              >
                {t('inbox.delete')}
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** The member's messages, newest first: opening one marks it read; mark all read; delete; paged. */
function Messages() {
  const { t } = useTranslation('inbox');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [confirmingRead, setConfirmingRead] = useState(false);
  const messages = useMessages(page);
  const markRead = useMarkRead();
  const remove = useDeleteMessages();

  const toggle = (m: InboxMessage) => {
    const next = openId === m.id ? null : m.id;
    setOpenId(next);
    if (next && !m.read) markRead.mutate(m.id);
  };
  const list = messages.data?.list ?? [];
  const anyUnread = list.some((m) => !m.read);
  const anyRead = list.some((m) => m.read);

  return (
    <>
      <div className="mc-page-head mc-inbox-tools">
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
        <button
          type="button"
          className="btn btn-sm"
          disabled={!anyRead || remove.isPending}
          onClick={() => {
            setStatus(null);
            setConfirmingRead(true);
          }}
          data-testid="inbox-delete-read"
        >
          {t('inbox.deleteRead')}
        </button>
      </div>
      {confirmingRead && (
        <InlineConfirm
          text={t('inbox.deleteReadConfirm')}
          busy={remove.isPending}
          onCancel={() => setConfirmingRead(false)}
          onConfirm={() =>
            remove.mutate(
              { allRead: true },
              {
                onSuccess: ({ deleted }) => {
                  setConfirmingRead(false);
                  setPage(1);
                  setStatus({ ok: true, text: t('inbox.deleted', { n: deleted }) });
                },
                onError: (err) => {
                  setConfirmingRead(false);
                  setStatus({ ok: false, text: errorText(err) });
                },
              },
            )
          }
          testId="inbox-delete-read-confirm"
        />
      )}
      <FormStatus status={status} testId="inbox-status" />
      <QueryState query={messages}>
        {({ list: items, totalPages }) => (
          <PagedTable
            count={items.length}
            empty={t('inbox.empty')}
            emptyTestId="inbox-empty"
            busy={messages.isPlaceholderData}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={setPage}
            label={t('inbox.pages')}
            wrap={false}
          >
            <ul className={messages.isPlaceholderData ? 'mc-messages is-loading' : 'mc-messages'}>
              {items.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  open={openId === m.id}
                  onToggle={() => toggle(m)}
                  onDeleted={(s) => {
                    setOpenId(null);
                    setStatus(s);
                  }}
                />
              ))}
            </ul>
          </PagedTable>
        )}
      </QueryState>
    </>
  );
}

type Tab = 'messages' | 'feedback';
const PANEL = 'inbox-panel';

/**
 * Inbox (member centre page `messageV2`): the member's messages (deposits, withdrawals, rewards,
 * contracts, notices) and, on its second tab, feedback to the operator with the answers.
 */
export function Inbox() {
  const { t } = useTranslation('inbox');
  const [tab, setTab] = useState<Tab>('messages');
  return (
    <div className="sec-page" data-testid="inbox">
      <h3 className="sec-page-title">{t('inbox.title')}</h3>
      <TabList<Tab>
        label={t('inbox.title')}
        panelId={PANEL}
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'messages', label: t('inbox.tabs.messages') },
          { value: 'feedback', label: t('inbox.tabs.feedback') },
        ]}
      />
      <div id={PANEL} role="tabpanel" aria-labelledby={`${PANEL}-tab-${tab}`}>
        {tab === 'messages' ? <Messages /> : <FeedbackPanel />}
      </div>
    </div>
  );
}
