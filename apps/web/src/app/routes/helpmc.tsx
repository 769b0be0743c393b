import { useTranslation } from 'react-i18next';
import { HelpCenter } from '../../features/system/components/help-center';
import { mediaUrl, useBrand } from '../../lib/brand';
import '../../styles/pages.css';

/** Standalone help centre (opened from apps and the customer-service window): no site shell. */
export function HelpmcPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <div className="standalone">
      <header className="standalone-head">
        <img src={mediaUrl(brand, brand.logoUrl)} alt={brand.brandName} width={160} height={40} />
        <span>{t('help.title')}</span>
      </header>
      <main className="content-page">
        <HelpCenter />
      </main>
    </div>
  );
}
