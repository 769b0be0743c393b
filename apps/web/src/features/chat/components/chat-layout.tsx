import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, useBrand } from '../../../lib/brand';

/**
 * The chat's frame: the brand and who is answering on top, the conversation filling the rest
 * (a 440 x 750 popup, or a phone's whole screen).
 */
export function ChatLayout({
  subtitle,
  tone = 'normal',
  children,
}: {
  /** Who answers: a staff name, "waiting", the away message, "ended"; null says nothing. */
  subtitle: string | null;
  tone?: 'normal' | 'online' | 'away';
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const brand = useBrand();
  return (
    <div className="chat" data-testid="chat">
      <header className="chat-head">
        <img
          className="chat-logo"
          src={mediaUrl(brand, brand.logoUrl)}
          alt={brand.brandName}
          width={112}
          height={28}
        />
        <div className="chat-head-text">
          <h1 className="chat-title">{t('title')}</h1>
          {subtitle && (
            <p className={`chat-who chat-who-${tone}`} data-testid="chat-who" aria-live="polite">
              {subtitle}
            </p>
          )}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A message in place of the conversation: loading, failure, chat off. */
export function ChatNotice({ children, busy = false }: { children?: ReactNode; busy?: boolean }) {
  const { t } = useTranslation('chat');
  if (busy)
    return (
      <div className="chat-body chat-center" aria-busy="true">
        <div className="chat-spinner" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  return (
    <div className="chat-body chat-center" data-testid="chat-notice">
      <div className="chat-notice">{children}</div>
    </div>
  );
}
