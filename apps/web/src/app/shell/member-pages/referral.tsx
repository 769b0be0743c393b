import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useMemberInfo } from '../../../features/member/api/get-member-info';

/**
 * Invite friends (member centre page `referral`): the member's referral code and the invite
 * link that opens registration with it filled in, each with a copy button.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const info = useMemberInfo();
  return (
    <div className="sec-page" data-testid="referral-page">
      <h3 className="sec-page-title">{t('memberCentre.referral.title')}</h3>
      <QueryState query={info}>
        {({ referralCode }) => {
          const link = `${window.location.origin}${paths.registerWithReferral(referralCode)}`;
          return (
            <section className="sec-card" aria-labelledby="referral-title">
              <header className="sec-card-head">
                <h4 id="referral-title">{t('memberCentre.referral.share')}</h4>
              </header>
              <p className="sec-desc">{t('memberCentre.referral.description')}</p>
              <dl className="mc-share">
                <div>
                  <dt>{t('memberCentre.referral.code')}</dt>
                  <dd>
                    <code className="mc-code" data-testid="referral-code">
                      {referralCode}
                    </code>
                    <CopyButton
                      text={referralCode}
                      label={t('memberCentre.referral.code')}
                      testId="copy-code"
                    />
                  </dd>
                </div>
                <div>
                  <dt>{t('memberCentre.referral.link')}</dt>
                  <dd>
                    <code className="mc-code mc-link-text" data-testid="referral-link">
                      {link}
                    </code>
                    <CopyButton text={link} label={t('memberCentre.referral.link')} testId="copy-link" />
                  </dd>
                </div>
              </dl>
            </section>
          );
        }}
      </QueryState>
    </div>
  );
}
