import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/session';
import { PageHeader, Tabs, type TabItem } from '../../ui';

export type ChatTab = 'desk' | 'search' | 'settings';
const PATHS: Record<ChatTab, string> = { desk: '/chat', search: '/chat/search', settings: '/chat/settings' };

/** The chat pages' title and tabs; each page puts its own state (the desk: Live) beside the title. */
export function ChatFrame({
  tab,
  actions,
  children,
}: {
  tab: ChatTab;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { can } = useSession();
  const navigate = useNavigate();
  const tabs: TabItem<ChatTab>[] = [
    { id: 'desk', label: t('tabs.desk') },
    { id: 'search', label: t('tabs.search') },
  ];
  if (can('chat.settings')) tabs.push({ id: 'settings', label: t('tabs.settings') });
  return (
    <div className={`bo-chat-page is-${tab}`}>
      <PageHeader
        title={t('title')}
        subtitle={tab === 'desk' ? undefined : t('subtitle')}
        actions={actions}
      />
      <Tabs<ChatTab> tabs={tabs} value={tab} onChange={(id) => void navigate(PATHS[id])} />
      {children}
    </div>
  );
}
