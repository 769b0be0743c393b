import type { ChatMessage } from '@app/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { todayIn } from '../../../lib/days';
import { useErrorText } from '../../../lib/error-text';
import { formatInZone } from '../../../lib/zoned-time';
import type { PendingMessage } from '../outbox';
import { ChatImage, LocalImage } from './chat-image';

/** How close to the end (px) still counts as reading the latest: new messages then scroll into view. */
const STICK_PX = 80;

function When({ iso }: { iso: string }) {
  const brand = useBrand();
  const full = formatInZone(iso, brand.timezone, false);
  // Today's messages by the hour; older ones with their day.
  const shown = full.startsWith(todayIn(brand.timezone)) ? full.slice(11) : full;
  return (
    <time className="chat-time" dateTime={iso} title={full}>
      {shown}
    </time>
  );
}

function Message({
  message,
  first,
  chatToken,
}: {
  message: ChatMessage;
  /** The first of a run from the same person: it carries the name. */
  first: boolean;
  chatToken: string | null;
}) {
  const { t } = useTranslation('chat');
  if (message.sender === 'SYSTEM')
    return (
      <li className="chat-system" data-testid="chat-message" data-sender="SYSTEM">
        {message.text}
      </li>
    );
  const mine = message.sender === 'PLAYER';
  const who = mine ? t('messages.you') : (message.staffName ?? t('messages.staff'));
  return (
    <li
      className={mine ? 'chat-row chat-mine' : 'chat-row chat-theirs'}
      data-testid="chat-message"
      data-sender={message.sender}
    >
      {!mine && first && <span className="chat-name">{who}</span>}
      <div className="chat-bubble">
        {message.imageId && (
          <ChatImage
            id={message.imageId}
            alt={t('messages.imageFrom', { name: who })}
            chatToken={chatToken}
          />
        )}
        {message.text && <p className="chat-text">{message.text}</p>}
      </div>
      <When iso={message.createdTime} />
    </li>
  );
}

function Pending({
  item,
  onRetry,
  onDiscard,
}: {
  item: PendingMessage;
  onRetry: (requestId: string) => void;
  onDiscard: (requestId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  const failed = item.state === 'failed';
  return (
    <li
      className={failed ? 'chat-row chat-mine chat-failed' : 'chat-row chat-mine chat-sending'}
      data-testid="chat-pending"
      data-state={item.state}
    >
      <div className="chat-bubble">
        {item.previewUrl && (
          <LocalImage url={item.previewUrl} alt={t('messages.imageFrom', { name: t('messages.you') })} />
        )}
        {item.text && <p className="chat-text">{item.text}</p>}
      </div>
      {failed ? (
        <div className="chat-retry" role="alert">
          <span>
            {t('messages.failed')} {errorText(item.error)}
          </span>
          <button
            type="button"
            className="link-btn"
            onClick={() => onRetry(item.requestId)}
            data-testid="chat-retry"
          >
            {t('messages.retry')}
          </button>
          <button type="button" className="link-btn" onClick={() => onDiscard(item.requestId)}>
            {t('messages.discard')}
          </button>
        </div>
      ) : (
        <span className="chat-time">{t('messages.sending')}</span>
      )}
    </li>
  );
}

/**
 * The conversation: the player's messages on the right, support's on the left, notices centred;
 * then what is still being sent. Follows new messages while the reader is at the end.
 */
export function MessageList({
  messages,
  pending,
  away,
  chatToken,
  onRetry,
  onDiscard,
}: {
  messages: ChatMessage[];
  pending: readonly PendingMessage[];
  /** Outside opening hours: the away message, in full, at the top (unless the conversation says it). */
  away: string | null;
  chatToken: string | null;
  onRetry: (requestId: string) => void;
  onDiscard: (requestId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const count = messages.length + pending.length;
  // A failed send grows its row (the reason and the retry): followed like a new message.
  const shape = `${count}:${pending.map((p) => p.state).join()}`;
  // The server writes the greeting and, outside opening hours, the away message as the first notices
  // of a new conversation: said once.
  const showAway = !!away && !messages.some((m) => m.sender === 'SYSTEM' && m.text === away);

  // What the player just sent is always brought into view, wherever the reader was.
  const lastSent = pending.at(-1)?.requestId ?? null;
  const seenSent = useRef(lastSent);
  useLayoutEffect(() => {
    const el = scroller.current;
    const justSent = lastSent !== null && lastSent !== seenSent.current;
    seenSent.current = lastSent;
    if (el && (atEnd.current || justSent)) {
      el.scrollTop = el.scrollHeight;
      atEnd.current = true;
    }
  }, [shape, lastSent]);
  // The list's box shrinks when the composer grows or gives way to the closed notice: the end stays in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={scroller}
      className="chat-body chat-scroll"
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
    >
      <ol
        className="chat-list"
        aria-label={t('messages.label')}
        aria-live="polite"
        data-testid="chat-messages"
      >
        {showAway && (
          <li className="chat-away" data-testid="chat-away">
            {away}
          </li>
        )}
        {messages.map((m, i) => (
          <Message
            key={m.id}
            message={m}
            first={
              i === 0 || messages[i - 1]?.sender !== m.sender || messages[i - 1]?.staffName !== m.staffName
            }
            chatToken={chatToken}
          />
        ))}
        {pending.map((p) => (
          <Pending key={p.requestId} item={p} onRetry={onRetry} onDiscard={onDiscard} />
        ))}
      </ol>
      {count === 0 && (
        <p className="chat-empty" data-testid="chat-empty">
          {t('messages.empty')}
        </p>
      )}
    </div>
  );
}
