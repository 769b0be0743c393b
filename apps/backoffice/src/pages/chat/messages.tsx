import type { ChatMessage } from '@app/contracts';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session';
import { Button, errorText } from '../../ui';
import type { OutboxEntry } from './chat-logic';
import { ChatImage, messageTime } from './common';

/** How close to the bottom (px) still counts as "reading the latest": new messages then scroll in. */
const STICK_PX = 80;

/**
 * The conversation's messages: the player's on the left, staff on the right, system lines in the
 * middle; below them the staff member's own messages still on their way (sending, or failed with
 * Retry). Scrolls to the newest message when it arrives, unless the reader has scrolled up.
 */
export function MessageList({
  conversationId,
  messages,
  pending,
  now,
  onRetry,
  onDiscard,
}: {
  conversationId: string;
  messages: ChatMessage[];
  pending: readonly OutboxEntry[];
  now: number;
  onRetry(requestId: string): void;
  onDiscard(requestId: string): void;
}) {
  const { t } = useTranslation('chat');
  const { timeZone } = useSession();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shownFor = useRef<string | null>(null);

  const stick = useCallback(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    // A newly opened conversation starts at its end.
    if (shownFor.current !== conversationId) {
      shownFor.current = conversationId;
      atBottom.current = true;
    }
    stick();
  }, [conversationId, messages.length, pending.length, stick]);

  return (
    <div
      ref={box}
      className="bo-chat-messages"
      role="log"
      aria-live="polite"
      aria-label={t('conversation.messages')}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
    >
      {messages.length === 0 && pending.length === 0 && (
        <p className="bo-chat-system bo-muted">{t('conversation.noMessages')}</p>
      )}
      {messages.map((m) =>
        m.sender === 'SYSTEM' ? (
          <p key={m.id} className="bo-chat-system" data-testid="chat-message" data-sender="SYSTEM">
            {m.text}
            <time dateTime={m.createdTime}> · {messageTime(m.createdTime, timeZone, now)}</time>
          </p>
        ) : (
          <div
            key={m.id}
            className={`bo-chat-bubble ${m.sender === 'STAFF' ? 'is-staff' : 'is-player'}`}
            data-testid="chat-message"
            data-sender={m.sender}
          >
            {m.imageId && <ChatImage id={m.imageId} onLoad={stick} />}
            {m.text && <span className="bo-chat-text">{m.text}</span>}
            <span className="bo-chat-meta">
              {m.sender === 'STAFF' && m.staffName ? `${m.staffName} · ` : ''}
              <time dateTime={m.createdTime} title={m.createdTime}>
                {messageTime(m.createdTime, timeZone, now)}
              </time>
            </span>
          </div>
        ),
      )}
      {pending.map((p) => (
        <div
          key={p.requestId}
          className={`bo-chat-bubble is-staff is-pending${p.state === 'failed' ? ' is-failed' : ''}`}
          data-testid="chat-pending"
          data-state={p.state}
        >
          {p.imageId && <ChatImage id={p.imageId} onLoad={stick} />}
          {p.text && <span className="bo-chat-text">{p.text}</span>}
          <span className="bo-chat-meta">
            {p.state === 'sending' ? (
              t('conversation.sending')
            ) : (
              <>
                <span role="alert">
                  {t('conversation.notSent')}
                  {p.error !== undefined && <> — {errorText(p.error)}</>}
                </span>{' '}
                <Button size="sm" onClick={() => onRetry(p.requestId)}>
                  {t('conversation.retry')}
                </Button>{' '}
                <Button size="sm" variant="ghost" onClick={() => onDiscard(p.requestId)}>
                  {t('conversation.discard')}
                </Button>
              </>
            )}
          </span>
        </div>
      ))}
    </div>
  );
}
