import { useTranslation } from 'react-i18next';

/** Member-centre entries whose activities have no server yet. */
export type UnavailableEntry = 'rewardCenter' | 'missionLeaderboard' | 'manualRebate';

/**
 * An honest page for an activity this site does not run yet: it says so, with no made-up
 * numbers, and what the page will hold once it opens.
 */
export function NotAvailable({ entry }: { entry: UnavailableEntry }) {
  const { t } = useTranslation();
  const name = t(`memberCentre.menu.${entry}`);
  return (
    <div className="sec-page" data-testid={`${entry}-page`}>
      <h3 className="sec-page-title">{name}</h3>
      <div className="state-box mc-unavailable" data-testid="not-available">
        <p className="mc-unavailable-title">{t('memberCentre.unavailable.title', { name })}</p>
        <p>{t(`memberCentre.unavailable.about.${entry}`)}</p>
        <p>{t('memberCentre.unavailable.later')}</p>
      </div>
    </div>
  );
}

export const RewardCentrePage = () => <NotAvailable entry="rewardCenter" />;
export const MissionPage = () => <NotAvailable entry="missionLeaderboard" />;
export const ManualRebatePage = () => <NotAvailable entry="manualRebate" />;
