import { useEffect, useRef } from 'react';
import type { ChatThread } from '../api/get-chat-messages';
import { markChatRead } from '../api/mark-chat-read';
import { isLaterId } from '../chat-rules';

/**
 * Tells the server the player has seen the staff's replies: when the page is visible (not a
 * background tab or a minimised popup) and the conversation has unread staff messages, up to the
 * last message shown. Each id is reported once; a failure is tried again with the next change.
 */
export function useMarkRead(thread: ChatThread | undefined, chatToken: string | null): void {
  const reported = useRef<string | null>(null);
  const unread = thread?.conversation.unread ?? 0;
  const lastId = thread?.list.at(-1)?.id ?? null;
  useEffect(() => {
    if (unread <= 0 || !lastId) return;
    const report = () => {
      if (document.visibilityState !== 'visible') return;
      if (reported.current && !isLaterId(lastId, reported.current)) return;
      const before = reported.current;
      reported.current = lastId;
      void markChatRead(lastId, chatToken).catch(() => {
        reported.current = before;
      });
    };
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [unread, lastId, chatToken]);
}
