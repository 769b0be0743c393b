import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import { BrandList, usePlatformOwner } from './brand-list';
import { BrandSettingsEditor } from './brand-settings';
import { MaintenancePanel } from './maintenance';
import './brands.css';

type Tab = 'brands' | 'settings' | 'maintenance';

/**
 * Brands and site: the platform's brands and a new brand (platform owners), the selected brand's
 * settings with a preview of what players will notice, its maintenance windows and regions.
 */
export default function BrandsPage() {
  const { t } = useTranslation('brands');
  const { brand, can } = useSession();
  const platform = usePlatformOwner();
  const [params, setParams] = useSearchParams();
  const tabs: { id: Tab; label: string }[] = [
    ...(platform ? [{ id: 'brands' as const, label: t('tabs.brands') }] : []),
    ...(brand && can('brand.settings') ? [{ id: 'settings' as const, label: t('tabs.settings') }] : []),
    ...(brand && can('brand.maintenance')
      ? [{ id: 'maintenance' as const, label: t('tabs.maintenance') }]
      : []),
  ];
  const wanted = params.get('tab') as Tab | null;
  const tab = tabs.find((x) => x.id === wanted)?.id ?? tabs[0]?.id;
  if (!tab) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return (
    <>
      <PageHeader title={t('title')} subtitle={brand ? t('subtitle', { brand }) : t('noBrandYet')} />
      <Tabs<Tab> tabs={tabs} value={tab} onChange={(id) => setParams(new URLSearchParams({ tab: id }))} />
      {tab === 'brands' && (
        <BrandList onCreated={() => setParams(new URLSearchParams({ tab: 'settings' }))} />
      )}
      {tab === 'settings' && brand && <BrandSettingsEditor key={brand} />}
      {tab === 'maintenance' && brand && <MaintenancePanel key={brand} />}
    </>
  );
}
