import type { ChatStatusInfo } from '@app/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import { useErrorText } from '../../../lib/error-text';
import { useChatMessages } from '../api/get-chat-messages';
import { useChatSession, type ChatSessionValue } from '../api/open-chat';
import { useChatStatus } from '../api/get-chat-status';
import { isChatGone } from '../api/chat-auth';
import { dropChatToken } from '../chat-token';
import { useChatPush } from '../hooks/use-chat-push';
import { useMarkRead } from '../hooks/use-mark-read';
import { useOutbox } from '../hooks/use-outbox';
import { ChatLayout, ChatNotice } from './chat-layout';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { NicknameForm } from './nickname-form';

type Session = ReturnType<typeof useChatSession>;

/** Outside opening hours: the brand's away message, or ours. */
function useAwayText(status: ChatStatusInfo): string | null {
  const { t } = useTranslation('chat');
  return status.open ? null : status.awayMessage?.trim() || t('status.away');
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <ChatNotice>
      <p role="alert">{t('status.loadFailed')}</p>
      <button type="button" className="btn" onClick={onRetry} data-testid="chat-reload">
        {t('common.retry')}
      </button>
    </ChatNotice>
  );
}

/** The end of a conversation, with the way to start another. */
function Closed({ session, gone, nickname }: { session: Session; gone: boolean; nickname: string | null }) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  return (
    <div className="chat-closed" data-testid="chat-closed">
      <p className="chat-closed-title">{gone ? t('closed.gone') : t('closed.title')}</p>
      <p className="chat-muted">{t('closed.hint')}</p>
      {session.start.isError && (
        <p className="chat-error" role="alert">
          {errorText(session.start.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={session.start.isPending}
        // A visitor goes on under the same name; a member's session is enough.
        onClick={() => session.start.mutate(session.member ? undefined : (nickname ?? undefined))}
        data-testid="chat-new"
      >
        {t('closed.startNew')}
      </button>
    </div>
  );
}

/** One conversation: its messages, live, and the composer (or the way to a new one once closed). */
function Conversation({
  open,
  status,
  session,
}: {
  open: ChatSessionValue;
  status: ChatStatusInfo;
  session: Session;
}) {
  const { t } = useTranslation('chat');
  const brand = useBrand();
  const away = useAwayText(status);
  const { chatToken } = open;
  const messages = useChatMessages(open.conversation.id, chatToken);
  const { outbox, pending } = useOutbox(open.conversation.id, chatToken);
  useChatPush(open.conversation.id, chatToken);
  useMarkRead(messages.data, chatToken);

  const conversation = messages.data?.conversation ?? open.conversation;
  const closed = conversation.status === 'CLOSED';
  const gone = messages.isError && isChatGone(messages.error);
  // A visitor's token reaches this conversation only: once it has ended, the next visit starts anew.
  useEffect(() => {
    if (chatToken && (closed || gone)) dropChatToken(brand.merchantCode);
  }, [chatToken, closed, gone, brand.merchantCode]);

  const who =
    closed || gone
      ? t('header.ended')
      : conversation.staffName
        ? t('header.answeredBy', { name: conversation.staffName })
        : away
          ? t('header.away')
          : t('header.waiting');
  const tone = closed || gone ? 'normal' : conversation.staffName ? 'online' : away ? 'away' : 'normal';

  let body;
  if (messages.isPending) body = <ChatNotice busy />;
  else if (messages.isError && !gone && !messages.data)
    body = <LoadFailed onRetry={() => void messages.refetch()} />;
  else
    body = (
      <MessageList
        messages={messages.data?.list ?? []}
        pending={pending}
        // Nobody answers before opening hours: the brand's away message says when someone will.
        away={closed || gone || conversation.staffName ? null : away}
        chatToken={chatToken}
        onRetry={(id) => outbox.retry(id)}
        onDiscard={(id) => outbox.discard(id)}
      />
    );

  return (
    <ChatLayout subtitle={who} tone={tone}>
      {body}
      {closed || gone ? (
        <Closed session={session} gone={gone} nickname={conversation.nickname} />
      ) : (
        <Composer outbox={outbox} />
      )}
    </ChatLayout>
  );
}

/** A member's conversation opens at once; a visitor names itself first, or comes back to its own. */
function ChatSession({ status }: { status: ChatStatusInfo }) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  const session = useChatSession();
  const away = useAwayText(status);
  const waiting = away ? t('header.away') : t('header.waiting');

  if (session.session.isPending)
    return (
      <ChatLayout subtitle={null}>
        <ChatNotice busy />
      </ChatLayout>
    );
  if (session.session.isError)
    return (
      <ChatLayout subtitle={null}>
        <LoadFailed onRetry={() => void session.session.refetch()} />
      </ChatLayout>
    );
  const open = session.session.data;
  if (!open && !session.member)
    return (
      <ChatLayout subtitle={waiting} tone={away ? 'away' : 'normal'}>
        <NicknameForm
          onStart={(nickname) => session.start.mutate(nickname)}
          starting={session.start.isPending}
          failure={session.start.isError ? errorText(session.start.error) : null}
          away={away}
          greeting={status.greeting}
        />
      </ChatLayout>
    );
  if (!open)
    return (
      <ChatLayout subtitle={t('header.ended')}>
        <div className="chat-body" />
        <Closed session={session} gone nickname={null} />
      </ChatLayout>
    );
  // Keyed: a new conversation starts with an empty list, outbox and read marker.
  return <Conversation key={open.conversation.id} open={open} status={status} session={session} />;
}

/**
 * The customer-service chat: first whether the brand's chat is on and answering, then the
 * caller's conversation.
 */
export function ChatWindow() {
  const { t } = useTranslation('chat');
  const status = useChatStatus();
  if (status.isPending)
    return (
      <ChatLayout subtitle={null}>
        <ChatNotice busy />
      </ChatLayout>
    );
  if (status.isError)
    return (
      <ChatLayout subtitle={null}>
        <LoadFailed onRetry={() => void status.refetch()} />
      </ChatLayout>
    );
  if (!status.data.enabled)
    return (
      <ChatLayout subtitle={null}>
        <ChatNotice>
          <p className="chat-closed-title" data-testid="chat-disabled">
            {t('status.disabled')}
          </p>
          <p className="chat-muted">{t('status.disabledHint')}</p>
          <Link className="btn btn-primary" to={paths.helpmc} data-testid="chat-help">
            {t('status.openHelp')}
          </Link>
        </ChatNotice>
      </ChatLayout>
    );
  return <ChatSession status={status.data} />;
}
