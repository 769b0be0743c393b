import type { ChatStaffConversation } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Badge, Button, ConfirmDialog, DateTime, useToast, errorText } from '../../ui';
import { cannedLanguage, type Outbox } from './chat-logic';
import { CHAT_KEY, ChatStatusBadge } from './common';
import { Composer } from './composer';
import { MessageList } from './messages';
import { PlayerProfile } from './profile';

/**
 * The chosen conversation and its player. WAITING offers Take where the composer will be; once the
 * caller has taken it the composer shows there; anyone on the desk may close it (after a
 * confirmation). On narrow screens the player's profile folds away behind a button in the header.
 */
export function ConversationPane({
  data,
  mine,
  outbox,
  now,
  uiLanguage,
  onTaken,
  onBack,
}: {
  data: ChatStaffConversation;
  /** Whether the caller is the one answering it. */
  mine: boolean;
  outbox: Outbox;
  now: number;
  uiLanguage: string;
  onTaken(): void;
  onBack(): void;
}) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const client = useQueryClient();
  const [taking, setTaking] = useState(false);
  const [closing, setClosing] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const pending = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);
  const c = data.conversation;
  const path = `/chat/${encodeURIComponent(c.id)}`;

  async function take() {
    setTaking(true);
    try {
      await api.post(`${path}/take`);
      onTaken();
      toast(t('conversation.taken', { name: c.nickname }));
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      setTaking(false);
      await client.invalidateQueries({ queryKey: CHAT_KEY });
    }
  }

  return (
    <>
      <section className="bo-chat-main" aria-label={t('conversation.label', { name: c.nickname })}>
        <header className="bo-chat-head">
          <button
            type="button"
            className="bo-icon-btn bo-chat-back"
            aria-label={t('conversation.back')}
            onClick={onBack}
          >
            ‹
          </button>
          <div className="bo-chat-head-who">
            <strong>{c.nickname}</strong>
            {c.queue === 'VIP' && <span className="bo-chat-vip-mark">{t('queue.vip')}</span>}
            {c.vipLevel !== null && <Badge tone="info">{t('vipLevel', { n: c.vipLevel })}</Badge>}
            <ChatStatusBadge status={c.status} />
            <span className="bo-muted bo-chat-head-sub">
              {c.username ?? t('queue.visitor')}
              {c.staffName && c.status !== 'WAITING' && (
                <> · {t('conversation.answeredBy', { name: c.staffName })}</>
              )}
              {' · '}
              <DateTime value={c.createdTime} />
            </span>
          </div>
          <div className="bo-chat-head-actions">
            <Button
              size="sm"
              className="bo-chat-profile-toggle"
              aria-expanded={profileOpen}
              onClick={() => setProfileOpen(!profileOpen)}
            >
              {t('profile.toggle')}
            </Button>
            {c.status !== 'CLOSED' && (
              <Button size="sm" variant="danger" onClick={() => setClosing(true)}>
                {t('conversation.close')}
              </Button>
            )}
          </div>
        </header>
        <MessageList
          conversationId={c.id}
          messages={data.list}
          pending={pending}
          now={now}
          onRetry={(id) => void outbox.retry(id)}
          onDiscard={(id) => outbox.discard(id)}
        />
        {c.status === 'OPEN' && mine ? (
          <Composer
            conversationId={c.id}
            language={cannedLanguage(data.player?.language, uiLanguage)}
            onSend={(body) => outbox.send(body)}
            onUpload={(file) => api.upload<{ imageId: string }>('/chat/images', file)}
          />
        ) : (
          <div className="bo-chat-foot-note" data-testid="chat-foot">
            {c.status === 'WAITING' ? (
              <>
                <span>{t('conversation.takeHint')}</span>
                <Button variant="primary" busy={taking} onClick={() => void take()}>
                  {t('conversation.take')}
                </Button>
              </>
            ) : c.status === 'OPEN' ? (
              <span className="bo-muted">
                {t('conversation.othersConversation', { name: c.staffName ?? '—' })}
              </span>
            ) : (
              <span className="bo-muted">
                {t('conversation.closedAt')} <DateTime value={c.closedTime} />
              </span>
            )}
          </div>
        )}
      </section>
      <aside className={`bo-chat-profile${profileOpen ? ' is-open' : ''}`} aria-label={t('profile.title')}>
        <button
          type="button"
          className="bo-icon-btn bo-chat-profile-close"
          aria-label={t('common.close')}
          onClick={() => setProfileOpen(false)}
        >
          ×
        </button>
        <PlayerProfile player={data.player} nickname={c.nickname} />
      </aside>
      <ConfirmDialog
        open={closing}
        title={t('conversation.closeTitle', { name: c.nickname })}
        message={t('conversation.closeMessage')}
        confirmLabel={t('conversation.close')}
        danger
        onClose={() => setClosing(false)}
        onConfirm={async () => {
          await api.post(`${path}/close`);
          toast(t('conversation.closed', { name: c.nickname }));
          await client.invalidateQueries({ queryKey: CHAT_KEY });
        }}
      />
    </>
  );
}
