import { useTranslation } from 'react-i18next';
import { AppDownload } from '../../features/system/components/app-download';
import { useBrand } from '../../lib/brand';
import '../../styles/pages.css';

export function DownPage() {
  const { t } = useTranslation('down');
  const brand = useBrand();
  return (
    <div className="content-page">
      <h1>{t('title', { brand: brand.brandName })}</h1>
      <p className="lead">{t('lead')}</p>
      <AppDownload />
    </div>
  );
}
