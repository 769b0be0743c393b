import type { ChatStatus } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProtectedImage } from '../../api/protected-image';
import { LOCALE_TAGS, currentLanguage } from '../../i18n';
import { Badge, errorText, type BadgeTone } from '../../ui';
import { formatAge } from './chat-logic';

/**
 * The prefix of every query the chat push queue refreshes: the queue lists and the open
 * conversation. Images and canned replies live under other keys: a push does not refetch them.
 */
export const CHAT_KEY = ['bo', '/chat'] as const;

const STATUS_TONE: Record<ChatStatus, BadgeTone> = { WAITING: 'warning', OPEN: 'info', CLOSED: 'neutral' };

export function ChatStatusBadge({ status }: { status: ChatStatus }) {
  const { t } = useTranslation('chat');
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** The current time, updated every `ms`: relative ages ("4 min") stay true while a page is open. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** How long ago `iso` was, short ("4 min"), in the staff member's language. */
export function Age({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatAge(now - Date.parse(iso), LOCALE_TAGS[currentLanguage()])}
    </time>
  );
}

/** A message's time: the hour today, the date and hour before, in the brand's time zone. */
export function messageTime(iso: string, timeZone: string | undefined, now: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const tag = LOCALE_TAGS[currentLanguage()];
  const day = (x: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(x);
  const sameDay = day(d) === day(new Date(now));
  return new Intl.DateTimeFormat(tag, {
    month: sameDay ? undefined : '2-digit',
    day: sameDay ? undefined : '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(d);
}

/**
 * An image of a conversation. Fetched with the staff session (a plain <img src> would carry
 * neither the brand header nor the permission check), shown from a blob URL; a click opens it
 * full size in a new tab.
 */
export function ChatImage({ id, onLoad }: { id: string; onLoad?: () => void }) {
  const { t } = useTranslation('chat');
  const { image, url } = useProtectedImage(`/chat/images/${encodeURIComponent(id)}`);
  if (image.isError)
    return (
      <span className="bo-chat-image-error" role="alert">
        {t('image.loadFailed')} <span className="bo-muted">{errorText(image.error)}</span>
      </span>
    );
  if (!url) return <span className="bo-skeleton bo-chat-image-skeleton" aria-label={t('image.loading')} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="bo-chat-image" title={t('image.open')}>
      <img src={url} alt={t('image.alt')} onLoad={onLoad} />
    </a>
  );
}
