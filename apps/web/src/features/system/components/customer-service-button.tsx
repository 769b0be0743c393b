import type { CustomerServiceEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useCustomerService, useCustomerServiceFromEntries } from '../hooks/use-customer-service';

export function CustomerServiceButton({ className = 'btn btn-primary' }: { className?: string }) {
  const { t } = useTranslation();
  const open = useCustomerService();
  return (
    <button type="button" className={className} onClick={open}>
      {t('cs.button')}
    </button>
  );
}

/** For pages shown while the API is closed to the visitor: uses the status answer's entries. */
export function ClosedSiteServiceButton({ entries }: { entries: CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const open = useCustomerServiceFromEntries(entries);
  if (entries.length === 0) return null;
  return (
    <button type="button" className="btn btn-primary" onClick={open}>
      {t('cs.button')}
    </button>
  );
}
