import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import { BannersTab } from './banners';
import { BroadcastsTab } from './broadcasts';
import { FooterTab } from './footer';
import { HelpTab } from './help';
import { NoticesTab } from './notices';
import { PreviewTab } from './preview';
import './content.css';

type Tab = 'banners' | 'notices' | 'help' | 'footer' | 'preview' | 'broadcasts';
const SITE_TABS: Tab[] = ['banners', 'notices', 'help', 'footer', 'preview'];

/**
 * What the site shows and says, per brand: banners, notices, help pages and the footer (with a
 * preview of a moment in a language) for content.site; inbox broadcasts for content.messages.
 */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const { brand, can } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = [
    ...(can('content.site') ? SITE_TABS : []),
    ...(can('content.messages') ? (['broadcasts'] as Tab[]) : []),
  ];
  const asked = params.get('tab') as Tab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  if (!tab) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab>
        tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        value={tab}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      {tab === 'banners' && <BannersTab />}
      {tab === 'notices' && <NoticesTab />}
      {tab === 'help' && <HelpTab />}
      {tab === 'footer' && <FooterTab />}
      {tab === 'preview' && <PreviewTab />}
      {tab === 'broadcasts' && <BroadcastsTab />}
    </>
  );
}
