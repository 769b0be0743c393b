import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { useHelpCenter } from '../../features/system/api/get-help-center';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import '../../styles/pages.css';

const BENEFITS = ['commission', 'wages', 'team', 'support'] as const;

/** Agent join page: the programme, its benefits, and how to apply. */
export function JoinPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const help = useHelpCenter();
  const agent = help.data?.list.find((s) => s.tag === 'agent');
  return (
    <div className="content-page join">
      <h1>{t('join.title', { brand: brand.brandName })}</h1>
      <p className="lead">{t('join.lead')}</p>
      <ul className="benefit-grid">
        {BENEFITS.map((b) => (
          <li key={b} className="benefit">
            <h2>{t(`join.benefit.${b}.title`)}</h2>
            <p>{t(`join.benefit.${b}.text`)}</p>
          </li>
        ))}
      </ul>
      {agent && (
        // Sanitised by the server before it is sent.
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: agent.content }} />
      )}
      <ol className="join-steps">
        <li>{t('join.step1')}</li>
        <li>{t('join.step2')}</li>
        <li>{t('join.step3')}</li>
      </ol>
      <div className="actions">
        <CustomerServiceButton />
        {agent && (
          <Link className="btn" to={paths.helpSection('agent')}>
            {t('join.terms')}
          </Link>
        )}
      </div>
    </div>
  );
}
