import { PUSH_CHAT_TOPIC, PUSH_MEMBER_TOPIC } from '@app/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePushChatToken, usePushTopic } from '../../../lib/push';
import { refreshChatMessages } from '../api/get-chat-messages';

/**
 * What a push event of the conversation's topic does: a visitor's `chat` topic carries only its
 * conversation; a member's `member` topic carries everything of the member, of which `chat`
 * events (and a resync: events may have been missed) concern the conversation. Events carry no
 * data: the messages after the last one held are fetched.
 */
export function chatPushHandler(qc: QueryClient, conversationId: string, topic: string) {
  return (kind: string | undefined): void => {
    if (topic === PUSH_CHAT_TOPIC || kind === 'chat' || kind === 'resync')
      void refreshChatMessages(qc, conversationId);
  };
}

/**
 * Hears the conversation's push events while the page shows it. A visitor's connection says hello
 * with its chat token for as long as the page is open.
 */
export function useChatPush(conversationId: string, chatToken: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!chatToken) return;
    usePushChatToken.setState({ chatToken });
    return () => usePushChatToken.setState({ chatToken: null });
  }, [chatToken]);
  const topic = chatToken ? PUSH_CHAT_TOPIC : PUSH_MEMBER_TOPIC;
  usePushTopic(topic, chatPushHandler(qc, conversationId, topic));
}
