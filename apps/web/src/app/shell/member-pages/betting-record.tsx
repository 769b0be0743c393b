import { useMemo } from 'react';
import { useVendors } from '../../../features/games/api/get-vendors';
import { BetRecords, type VendorOption } from '../../../features/records/components/bet-records';

/** The betting record, its vendor filter filled from the brand's vendor list. */
export function BettingRecordPage() {
  const vendors = useVendors();
  const options = useMemo<VendorOption[]>(
    () =>
      (vendors.data ?? []).flatMap((category) =>
        category.cards.map((c) => ({ vendor: c.vassalage, name: c.displayName, gameType: c.gameType })),
      ),
    [vendors.data],
  );
  return <BetRecords vendors={options} />;
}
