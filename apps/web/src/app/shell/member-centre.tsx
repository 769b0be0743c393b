import { useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnreadCount } from '../../features/inbox/api/get-unread-count';
import { useMissionSummary } from '../../features/missions/api/get-mission-summary';
import { useClaimableRewards } from '../../features/rewards/api/get-claimable-rewards';
import { i18n } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { canOpenMemberCentre, useSession } from '../../lib/session';
import '../../styles/security.css';
import '../../styles/cashier.css';
import { CentreShell, page } from './centre-shell';

/** The member-centre menu keys (SPEC section 2), in the spec's order. */
const KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  // Not in the spec's list: the limits and breaks a licensed operator must offer.
  'responsibleGaming',
  // Identity verification (KYC): documents, the review's outcome, why the brand asks.
  'verification',
] as const;
type EntryKey = (typeof KEYS)[number];

/** Each entry's page, loaded when it is first shown; app/ pages compose features where one needs another. */
const PAGES: Record<EntryKey, LazyExoticComponent<ComponentType>> = {
  securityCenter: page(
    () => import('../../features/security/components/security-centre'),
    (m) => m.SecurityCentre,
  ),
  transferFund: page(
    () => import('../../features/wallet/components/my-wallet'),
    (m) => m.MyWallet,
  ),
  depositv2: page(
    () => import('../../features/cashier/components/deposit-page'),
    (m) => m.DepositPage,
  ),
  withdraw: page(
    () => import('./member-pages/withdraw'),
    (m) => m.WithdrawEntryPage,
  ),
  transferUpline: page(
    () => import('./member-pages/transfer-upline'),
    (m) => m.TransferUplinePage,
  ),
  personalHistoryCopy: page(
    () => import('./member-pages/betting-record'),
    (m) => m.BettingRecordPage,
  ),
  transactionHistory: page(
    () => import('../../features/records/components/transaction-records'),
    (m) => m.AccountRecords,
  ),
  personalProfit: page(
    () => import('../../features/records/components/profit-report'),
    (m) => m.ProfitReport,
  ),
  bonusDetails: page(
    () =>
      Promise.all([
        import('../../features/promotions/components/bonus-details'),
        i18n.loadNamespaces('promo'),
      ]).then(([m]) => m),
    (m) => m.BonusDetails,
  ),
  rewardCenter: page(
    () => Promise.all([import('./member-pages/rewards'), i18n.loadNamespaces('rewards')]).then(([m]) => m),
    (m) => m.RewardCentrePage,
  ),
  referral: page(
    () =>
      Promise.all([
        import('../../features/referral/components/referral-page'),
        i18n.loadNamespaces('inbox'),
      ]).then(([m]) => m),
    (m) => m.ReferralPage,
  ),
  missionLeaderboard: page(
    () => Promise.all([import('./member-pages/rewards'), i18n.loadNamespaces('rewards')]).then(([m]) => m),
    (m) => m.MissionLeaderboardPage,
  ),
  messageV2: page(
    () =>
      Promise.all([import('../../features/inbox/components/inbox'), i18n.loadNamespaces('inbox')]).then(
        ([m]) => m,
      ),
    (m) => m.Inbox,
  ),
  manualRebate: page(
    () =>
      Promise.all([
        import('../../features/rebate/components/manual-rebate'),
        i18n.loadNamespaces('vip'),
      ]).then(([m]) => m),
    (m) => m.ManualRebate,
  ),
  responsibleGaming: page(
    () =>
      Promise.all([
        import('../../features/protection/components/responsible-gaming'),
        i18n.loadNamespaces('protection'),
      ]).then(([m]) => m),
    (m) => m.ResponsibleGaming,
  ),
  verification: page(
    () =>
      Promise.all([import('../../features/kyc/components/verification'), i18n.loadNamespaces('kyc')]).then(
        ([m]) => m,
      ),
    (m) => m.Verification,
  ),
};

/** The query parameter that opens the member centre at a page: `/?member=securityCenter`. */
const MEMBER_PAGE_PARAM = 'member';

const isKey = (v: unknown): v is EntryKey => typeof v === 'string' && (KEYS as readonly string[]).includes(v);
const pageOf = (data: unknown): EntryKey | undefined =>
  data && typeof data === 'object' && 'page' in data && isKey(data.page) ? data.page : undefined;

/**
 * Red count badges (SPEC section 2): unread messages, missions ready to claim, rewards ready to
 * claim. Each shares its query with its page, and every claim refreshes the rewards queries, so a
 * badge drops as soon as its reward is claimed.
 */
function useBadges(): Partial<Record<EntryKey, number>> {
  const unread = useUnreadCount();
  const missions = useMissionSummary();
  const rewards = useClaimableRewards();
  return {
    messageV2: unread.data?.count ?? 0,
    missionLeaderboard: missions.data?.summary.claimable ?? 0,
    rewardCenter: rewards.data?.count ?? 0,
  };
}

/**
 * The member centre: a large dialog on desktop, full screen on a phone (the menu becomes a
 * horizontal strip), with the 14 entries of the spec plus Responsible gaming, and the chosen page. It is open while
 * `usePopups().open === 'memberCentre'` (its `data` may carry `{ page }`), and only for members
 * with a token who are not trial accounts.
 *
 * Deep link: `?member=<entry key>` on any page (e.g. `/?member=depositv2`) opens it at that
 * entry; the parameter is then removed from the address. Without a session the login popup
 * opens instead, and a trial account gets the real-account warning. The layout mounts this
 * chunk only while the popup is open or the parameter is present.
 */
export function MemberCentre() {
  const { t } = useTranslation();
  const open = usePopups((s) => s.open === 'memberCentre');
  const data = usePopups((s) => s.data);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const token = useSession((s) => s.token);
  const username = useSession((s) => s.username);
  const allowed = useSession(canOpenMemberCentre);
  const [params, setParams] = useSearchParams();
  const linked = params.get(MEMBER_PAGE_PARAM);
  const badges = useBadges();

  useEffect(() => {
    if (linked === null) return;
    setParams(
      (p) => {
        p.delete(MEMBER_PAGE_PARAM);
        return p;
      },
      { replace: true },
    );
    if (allowed) show('memberCentre', { page: linked });
    else show(token ? 'realAccountNeeded' : 'login');
  }, [linked, allowed, token, show, setParams]);

  // Signed out (or a trial account) while it is open: nothing to show.
  useEffect(() => {
    if (open && !allowed) close();
  }, [open, allowed, close]);

  const active: EntryKey = pageOf(data) ?? KEYS[0];
  const Page = PAGES[active];

  return (
    <CentreShell
      id="memberCentre"
      title={t('security.centre.title')}
      open={open && allowed}
      onClose={close}
      menuLabel={t('security.centre.menu')}
      username={username}
      entries={KEYS}
      active={active}
      onPick={(key) => show('memberCentre', { page: key })}
      entryLabel={(key) => t(`memberCentre.menu.${key}`)}
      badge={(key) => {
        const count = badges[key] ?? 0;
        return (
          count > 0 && (
            <span className="mc-count" data-testid={`${key}-badge`}>
              {count > 99 ? '99+' : count}
              <span className="visually-hidden"> {t('memberCentre.unread', { n: count })}</span>
            </span>
          )
        );
      }}
    >
      <Page key={active} />
    </CentreShell>
  );
}
