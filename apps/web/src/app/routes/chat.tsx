import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatWindow } from '../../features/chat/components/chat-window';
import { useBrand } from '../../lib/brand';
import '../../styles/chat.css';

/**
 * The built-in customer-service chat (CHAT_PATH): what the service window opens when the brand's
 * customer-service entry points here, and a page of its own on a phone. No site shell.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const brand = useBrand();
  const title = t('title');
  useEffect(() => {
    document.title = `${title} - ${brand.brandName}`;
  }, [title, brand.brandName]);
  return <ChatWindow />;
}
