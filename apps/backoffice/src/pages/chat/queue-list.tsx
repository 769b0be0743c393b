import type { ChatQueuePage, ChatQueueRow } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, errorText, formatNumber } from '../../ui';
import { vipFirst, waitTone, type QueueView } from './chat-logic';
import { Age } from './common';

interface QueueListProps {
  view: QueueView;
  rows: ChatQueueRow[] | undefined;
  /** The waiting counts by queue (the whole brand, not this page). */
  waiting: ChatQueuePage['waiting'] | undefined;
  selectedId: string | null;
  onSelect(id: string): void;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  now: number;
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/**
 * One list of the desk: VIP conversations first under their own heading, then the general queue;
 * each row a button that opens its conversation.
 */
export function QueueList(props: QueueListProps) {
  const { t } = useTranslation('chat');
  const { rows, view, waiting } = props;

  if (!rows && props.loading)
    return (
      <div className="bo-chat-queue-state" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="bo-skeleton bo-chat-queue-skeleton" />
        ))}
      </div>
    );
  if (!rows && props.error)
    return (
      <div className="bo-chat-queue-state">
        <p role="alert">{errorText(props.error)}</p>
        <Button size="sm" onClick={props.onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (!rows || rows.length === 0)
    return <p className="bo-chat-queue-state bo-muted">{t(`queue.empty.${view}`)}</p>;

  const sorted = vipFirst(rows);
  const vip = sorted.filter((r) => r.queue === 'VIP');
  const general = sorted.filter((r) => r.queue !== 'VIP');
  // The VIP queue is always headed (it is served first); the general one only beneath it.
  const headed = vip.length > 0;
  const count = (queue: 'VIP' | 'GENERAL', shown: number) =>
    view === 'waiting' && waiting
      ? t('queue.waitingCount', { n: formatNumber(waiting[queue]) })
      : formatNumber(shown);
  return (
    <div className="bo-chat-queue-list">
      {vip.length > 0 && (
        <QueueGroup
          title={
            <>
              <span className="bo-chat-vip-mark">{t('queue.vip')}</span> {count('VIP', vip.length)}
            </>
          }
          rows={vip}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          now={props.now}
        />
      )}
      {general.length > 0 && (
        <QueueGroup
          title={
            headed ? (
              <>
                {t('queue.general')} {count('GENERAL', general.length)}
              </>
            ) : null
          }
          rows={general}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          now={props.now}
        />
      )}
      {props.totalPages > 1 && (
        <nav className="bo-chat-queue-pager" aria-label={t('common.paging')}>
          <Button size="sm" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
            ‹
          </Button>
          <span className="bo-muted">
            {props.page} / {props.totalPages}
          </span>
          <Button
            size="sm"
            disabled={props.page >= props.totalPages}
            onClick={() => props.onPage(props.page + 1)}
          >
            ›
          </Button>
        </nav>
      )}
    </div>
  );
}

function QueueGroup({
  title,
  rows,
  selectedId,
  onSelect,
  now,
}: {
  title: ReactNode;
  rows: ChatQueueRow[];
  selectedId: string | null;
  onSelect(id: string): void;
  now: number;
}) {
  return (
    <section className="bo-chat-queue-group">
      {title && <h3 className="bo-chat-queue-head">{title}</h3>}
      <ul className="bo-chat-queue-rows">
        {rows.map((r) => (
          <li key={r.id}>
            <QueueRow row={r} selected={r.id === selectedId} onSelect={onSelect} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueRow({
  row,
  selected,
  onSelect,
  now,
}: {
  row: ChatQueueRow;
  selected: boolean;
  onSelect(id: string): void;
  now: number;
}) {
  const { t } = useTranslation('chat');
  const tone = waitTone(row, now);
  const since =
    row.status === 'WAITING'
      ? row.createdTime
      : row.status === 'CLOSED'
        ? (row.closedTime ?? row.lastTime)
        : row.lastTime;
  const cls = [
    'bo-chat-row',
    row.queue === 'VIP' ? 'is-vip' : '',
    selected ? 'is-selected' : '',
    row.unread > 0 ? 'is-unread' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={cls}
      aria-current={selected || undefined}
      data-testid="chat-row"
      data-queue={row.queue}
      onClick={() => onSelect(row.id)}
    >
      <span className="bo-chat-row-top">
        <strong className="bo-chat-row-name">{row.nickname}</strong>
        {row.queue === 'VIP' && <span className="bo-chat-vip-mark">{t('queue.vip')}</span>}
        {row.vipLevel !== null && <Badge tone="info">{t('vipLevel', { n: row.vipLevel })}</Badge>}
        <span className={`bo-chat-row-age${tone ? ` is-${tone}` : ''}`}>
          <Age iso={since} now={now} />
        </span>
      </span>
      <span className="bo-chat-row-mid">
        <span className="bo-muted">{row.username ?? t('queue.visitor')}</span>
        {row.staffName && row.status !== 'WAITING' && (
          <span className="bo-muted bo-chat-row-staff">· {row.staffName}</span>
        )}
      </span>
      <span className="bo-chat-row-bottom">
        <span className="bo-chat-row-text">
          {row.lastText ?? <span className="bo-muted">{t('queue.noText')}</span>}
        </span>
        {row.unread > 0 && (
          <span className="bo-chat-unread" aria-label={t('queue.unread', { n: row.unread })}>
            {row.unread > 99 ? '99+' : row.unread}
          </span>
        )}
      </span>
    </button>
  );
}
