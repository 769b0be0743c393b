import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isChatGone } from '../api/chat-auth';
import { refreshChatMessages } from '../api/get-chat-messages';
import { sendChatMessage } from '../api/send-chat-message';
import { uploadChatImage } from '../api/upload-chat-image';
import { Outbox } from '../outbox';

/** The conversation's outbox (one per conversation: the page keys its view by conversation id). */
export function useOutbox(conversationId: string, chatToken: string | null) {
  const qc = useQueryClient();
  const [outbox] = useState(
    () =>
      new Outbox({
        send: async (body) => {
          try {
            return await sendChatMessage(body, chatToken);
          } catch (err) {
            // Closed meanwhile (by staff, or in another window): the page shows it at once.
            if (isChatGone(err)) void refreshChatMessages(qc, conversationId);
            throw err;
          }
        },
        upload: (file) => uploadChatImage(file, chatToken),
        sent: () => refreshChatMessages(qc, conversationId),
      }),
  );
  useEffect(() => () => outbox.dispose(), [outbox]);
  const pending = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  return { outbox, pending };
}
