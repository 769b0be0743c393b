import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequirePermission, useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import { MallTab } from './mall';
import { MissionsTab } from './missions';
import { PausesTab } from './pauses';
import { PointsTab } from './points';
import { RebatesTab } from './rebates';
import { ReferralTab } from './referral';
import { VipTab } from './vip';
import './rewards.css';

const TABS = ['missions', 'vip', 'rebates', 'referral', 'points', 'mall', 'pauses'] as const;
type Tab = (typeof TABS)[number];

/**
 * Rewards set-up under /rewards: missions, VIP levels, rebate rates, the referral programme, points
 * earning, the points mall and the pause of each reward kind. Every change applies to new claims
 * only; the server checks each input again and audits the change.
 */
export default function Page() {
  return (
    <RequirePermission permission="rewards.manage">
      <Rewards />
    </RequirePermission>
  );
}

function Rewards() {
  const { t } = useTranslation('rewards');
  const { brand } = useSession();
  const [tab, setTab] = useState<Tab>(() => {
    const wanted = new URLSearchParams(window.location.search).get('tab');
    return (TABS as readonly string[]).includes(wanted ?? '') ? (wanted as Tab) : 'missions';
  });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab> tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))} value={tab} onChange={setTab} />
      <div className="bo-rw-panel" role="tabpanel">
        {tab === 'missions' && <MissionsTab />}
        {tab === 'vip' && <VipTab />}
        {tab === 'rebates' && <RebatesTab />}
        {tab === 'referral' && <ReferralTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'mall' && <MallTab />}
        {tab === 'pauses' && <PausesTab />}
      </div>
    </>
  );
}
