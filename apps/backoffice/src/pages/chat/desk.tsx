import type {
  ChatQueuePage,
  ChatQueueRow,
  ChatStaffConversation,
  ChatStaffSendRequest,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useLiveQueue } from '../../api/live';
import { useSession } from '../../auth/session';
import { currentLanguage } from '../../i18n';
import { Button, LiveBadge, errorText, formatNumber } from '../../ui';
import { Outbox, isQueueView, lastId, mergeMessages, queueQuery, type QueueView } from './chat-logic';
import { CHAT_KEY, useNow } from './common';
import { ConversationPane } from './conversation';
import { ChatFrame } from './frame';
import { QueueList } from './queue-list';

const queueKey = (view: QueueView, page: number) => [...CHAT_KEY, 'queue', view, page] as const;
const conversationKey = (id: string) => [...CHAT_KEY, 'conversation', id] as const;
/** At most this many pages of messages are fetched in one go (100 each). */
const MAX_PAGES = 50;

/**
 * One conversation, fetched whole the first time and then only after its last message: a push
 * on the `chat` queue refetches it, and the refetch asks for what is new.
 */
function useConversation(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    enabled: id !== null,
    queryFn: async (): Promise<ChatStaffConversation> => {
      const path = `/chat/${encodeURIComponent(id ?? '')}`;
      let list = client.getQueryData<ChatStaffConversation>(conversationKey(id ?? ''))?.list ?? [];
      let answer: ChatStaffConversation;
      let pages = 0;
      do {
        answer = await api.get<ChatStaffConversation>(path, { after: lastId(list) });
        list = mergeMessages(list, answer.list);
      } while (answer.more && ++pages < MAX_PAGES);
      return { ...answer, list, more: false };
    },
  });
}

/** A conversation's outbox: each message posted, then the conversation refetched to show it. */
export function conversationOutbox(id: string, refetch: () => Promise<unknown>): Outbox {
  return new Outbox(async (body: ChatStaffSendRequest) => {
    await api.post(`/chat/${encodeURIComponent(id)}/messages`, body);
    await refetch();
  });
}

/** Whether the page is in view: reading stops while the tab is in the background. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    (fn) => {
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * Marks the player's messages read while the conversation is on screen and answered by the
 * caller: up to the newest message, once per new message.
 */
function useMarkRead(data: ChatStaffConversation | undefined, enabled: boolean) {
  const client = useQueryClient();
  const visible = usePageVisible();
  const posted = useRef(new Map<string, string>());
  const id = data?.conversation.id;
  const upTo = data ? lastId(data.list) : undefined;
  const unread = data?.conversation.unread ?? 0;
  useEffect(() => {
    if (!enabled || !visible || !id || !upTo || unread === 0) return;
    if (posted.current.get(id) === upTo) return;
    posted.current.set(id, upTo);
    api.post(`/chat/${encodeURIComponent(id)}/read`, { upTo }).then(
      () => void client.invalidateQueries({ queryKey: CHAT_KEY }),
      // Tried again with the next message or visit.
      () => posted.current.delete(id),
    );
  }, [enabled, visible, id, upTo, unread, client]);
}

/** The desk: the queue on the left, the chosen conversation in the middle, its player beside it. */
export function ChatDesk() {
  const { t } = useTranslation('chat');
  const { session } = useSession();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const view: QueueView = isQueueView(rawView) ? rawView : 'waiting';
  const selectedId = params.get('c');
  const [page, setPage] = useState(1);
  const now = useNow();
  const live = useLiveQueue('chat', [...CHAT_KEY]);

  const queue = useQuery({
    queryKey: queueKey(view, page),
    queryFn: () => api.get<ChatQueuePage>('/chat/queue', queueQuery(view, page)),
    // The previous page stays while the next loads; another list's rows never stand in for this one.
    placeholderData: (previous, query) => (query?.queryKey[3] === view ? previous : undefined),
  });
  // The caller's open conversations, always: their count on the tab, and which are theirs.
  const mine = useQuery({
    queryKey: queueKey('mine', 1),
    queryFn: () => api.get<ChatQueuePage>('/chat/queue', queueQuery('mine', 1)),
  });
  const waiting = queue.data?.waiting ?? mine.data?.waiting;
  const conversation = useConversation(selectedId);

  // Conversations this desk took: its own even before the lists catch up.
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const myName = session ? session.staff.displayName || session.staff.username : null;
  const isMine = (row: ChatQueueRow | undefined) =>
    !!row &&
    (taken.has(row.id) ||
      (mine.data?.list.some((r) => r.id === row.id) ?? false) ||
      (row.staffName !== null && row.staffName === myName));
  const c = conversation.data;
  const answering = !!c && c.conversation.status === 'OPEN' && isMine(c.conversation);
  useMarkRead(c, answering);

  // One outbox per conversation, kept while the desk is open: a failed message waits for its retry.
  const outboxes = useRef(new Map<string, Outbox>());
  const outboxFor = useCallback(
    (id: string) => {
      let box = outboxes.current.get(id);
      if (!box) {
        box = conversationOutbox(id, () => client.refetchQueries({ queryKey: conversationKey(id) }));
        outboxes.current.set(id, box);
      }
      return box;
    },
    [client],
  );

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const tabs: { id: QueueView; label: string; count?: number; vip?: number }[] = [
    {
      id: 'waiting',
      label: t('view.waiting'),
      count: waiting ? waiting.GENERAL + waiting.VIP : undefined,
      vip: waiting?.VIP,
    },
    { id: 'mine', label: t('view.mine'), count: mine.data ? mine.data.list.length : undefined },
    { id: 'open', label: t('view.open') },
    { id: 'closed', label: t('view.closed') },
  ];

  return (
    <ChatFrame tab="desk" actions={<LiveBadge live={live} />}>
      <div className={`bo-chat-desk${selectedId ? ' has-selection' : ''}`} data-testid="chat-desk">
        <aside className="bo-chat-queue" aria-label={t('queue.label')}>
          <div className="bo-chat-queue-top">
            <div className="bo-chat-views" role="tablist" aria-label={t('queue.label')}>
              {tabs.map((tab) => (
                <button
                  key={tab.id}
                  type="button"
                  role="tab"
                  aria-selected={tab.id === view}
                  className={`bo-chat-view${tab.id === view ? ' is-active' : ''}`}
                  onClick={() => {
                    setPage(1);
                    set({ view: tab.id });
                  }}
                >
                  {tab.label}
                  {tab.vip !== undefined && tab.vip > 0 && (
                    <span className="bo-chat-count-vip" title={t('queue.vipWaiting', { n: tab.vip })}>
                      {t('queue.vip')} {formatNumber(tab.vip)}
                    </span>
                  )}
                  {tab.count !== undefined && tab.count > 0 && (
                    <span className="bo-chat-count-pill">{formatNumber(tab.count)}</span>
                  )}
                </button>
              ))}
            </div>
          </div>
          <QueueList
            view={view}
            rows={queue.data?.list}
            waiting={waiting}
            selectedId={selectedId}
            onSelect={(id) => set({ c: id })}
            loading={queue.isFetching}
            error={queue.error}
            onRetry={() => void queue.refetch()}
            now={now}
            page={page}
            totalPages={queue.data?.totalPages ?? 1}
            onPage={setPage}
          />
        </aside>
        {selectedId === null ? (
          <section className="bo-chat-main bo-chat-wide bo-chat-empty">
            <p className="bo-muted">{t('conversation.pick')}</p>
          </section>
        ) : conversation.isPending ? (
          <section className="bo-chat-main bo-chat-wide" aria-busy="true">
            <div className="bo-chat-loading">
              <span className="bo-skeleton bo-skeleton-title" />
              <span className="bo-skeleton" />
              <span className="bo-skeleton" />
            </div>
          </section>
        ) : conversation.isError && !c ? (
          <section className="bo-chat-main bo-chat-wide bo-chat-empty">
            <p role="alert">{errorText(conversation.error)}</p>
            <Button onClick={() => void conversation.refetch()}>{t('common.retry')}</Button>
          </section>
        ) : c ? (
          <ConversationPane
            key={c.conversation.id}
            data={c}
            mine={isMine(c.conversation)}
            outbox={outboxFor(c.conversation.id)}
            now={now}
            uiLanguage={currentLanguage()}
            onTaken={() => {
              setTaken((s) => new Set(s).add(c.conversation.id));
              setPage(1);
              set({ view: 'mine' });
            }}
            onBack={() => set({ c: null })}
          />
        ) : null}
      </div>
    </ChatFrame>
  );
}
