import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import '../../styles/pages.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="content-page not-found" data-testid="not-found">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={paths.home}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
