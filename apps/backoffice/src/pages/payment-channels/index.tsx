import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequirePermission, useSession } from '../../auth/session';
import { PageHeader, Tabs } from '../../ui';
import { ChannelsTab } from './channels';
import { PayoutBanksTab } from './payout-banks';
import './channels.css';

type Tab = 'deposit' | 'payout';

/** The brand's deposit channels and the banks members may withdraw to. */
export default function PaymentChannelsPage() {
  return (
    <RequirePermission permission="integrations.manage">
      <PaymentChannels />
    </RequirePermission>
  );
}

function PaymentChannels() {
  const { t } = useTranslation('channels');
  const { brand } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'deposit';
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand })} />
      <Tabs<Tab>
        tabs={[
          { id: 'deposit', label: t('tabs.deposit') },
          { id: 'payout', label: t('tabs.payout') },
        ]}
        value={tab}
        onChange={(id) => setParams(new URLSearchParams({ tab: id }))}
      />
      {tab === 'deposit' ? <ChannelsTab /> : <PayoutBanksTab />}
    </>
  );
}
