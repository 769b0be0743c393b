import { SYSTEM_STATUS, type Language, type SystemStatusValue } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useStatus } from '../features/system/api/get-status';
import { restoreRememberedSession } from '../features/session/restore-session';
import { MaintenancePage } from '../features/system/components/maintenance-page';
import { RegionBlockPage } from '../features/system/components/region-block-page';
import { BrandProvider } from '../lib/brand';
import { applyBrandTheme } from '../lib/brand-theme';
import { changeLanguage, i18n, initI18n, storedLanguage } from '../lib/i18n';
import { setMerchant } from '../lib/storage';
import { BootError } from './boot-error';
import { prefetchShellData } from './prefetch';
import { AppRouter } from './router';

prefetchShellData();
// Exchanged beside the permission call, not after it: a remembered member sees the site logged in.
const restoring = restoreRememberedSession();

/** The visitor's language if the brand offers it, else the brand's default. */
function languageFor(status: SystemStatusValue): Language {
  const stored = storedLanguage();
  return stored && status.info.languages.includes(stored) ? stored : status.info.defaultLanguage;
}

/**
 * Start-up: the permission call decides, once, whether the visitor sees the site, the
 * maintenance page or the region-block page (maintenance wins).
 */
export function StatusGate() {
  const status = useStatus();
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    void restoring.then(() => setRestored(true));
  }, []);

  useEffect(() => {
    if (status.isPending) return;
    const lang = status.data ? languageFor(status.data) : (storedLanguage() ?? 'EN');
    if (status.data) {
      setMerchant(status.data.info.merchantCode);
      document.title = status.data.info.brandName;
      applyBrandTheme(status.data.info.theme);
    }
    const done = () => setReady(true);
    if (i18n.isInitialized) void changeLanguage(lang).then(done);
    else void initI18n(lang).then(done);
  }, [status.isPending, status.data]);

  if (status.isPending || !ready || !restored) return <div className="boot-splash" aria-busy="true" />;
  if (status.isError) return <BootError error={status.error} onRetry={() => void status.refetch()} />;

  const value = status.data;
  if (value.status === SYSTEM_STATUS.MAINTENANCE) return <MaintenancePage status={value} />;
  if (value.status === SYSTEM_STATUS.REGION_RESTRICTED) return <RegionBlockPage status={value} />;
  return (
    <BrandProvider brand={value.info}>
      <AppRouter />
    </BrandProvider>
  );
}
