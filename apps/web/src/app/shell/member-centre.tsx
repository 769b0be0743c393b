import { useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../features/inbox/api/get-unread-count';
import { useMissionSummary } from '../../features/missions/api/get-mission-summary';
import { useClaimableRewards } from '../../features/rewards/api/get-claimable-rewards';
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
    ['security'],
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
    ['records'],
  ),
  transactionHistory: page(
    () => import('../../features/records/components/transaction-records'),
    (m) => m.AccountRecords,
    ['records'],
  ),
  personalProfit: page(
    () => import('../../features/records/components/profit-report'),
    (m) => m.ProfitReport,
    ['records'],
  ),
  bonusDetails: page(
    () => import('../../features/promotions/components/bonus-details'),
    (m) => m.BonusDetails,
    ['promo'],
  ),
  rewardCenter: page(
    () => import('./member-pages/rewards'),
    (m) => m.RewardCentrePage,
    ['rewards'],
  ),
  referral: page(
    () => import('../../features/referral/components/referral-page'),
    (m) => m.ReferralPage,
    ['inbox'],
  ),
  missionLeaderboard: page(
    () => import('./member-pages/rewards'),
    (m) => m.MissionLeaderboardPage,
    ['rewards'],
  ),
  messageV2: page(
    () => import('../../features/inbox/components/inbox'),
    (m) => m.Inbox,
    ['inbox'],
  ),
  manualRebate: page(
    () => import('../../features/rebate/components/manual-rebate'),
    (m) => m.ManualRebate,
    ['vip'],
  ),
  responsibleGaming: page(
    () => import('../../features/protection/components/responsible-gaming'),
    (m) => m.ResponsibleGaming,
    ['protection'],
  ),
  verification: page(
    () => import('../../features/kyc/components/verification'),
    (m) => m.Verification,
    ['kyc'],
  ),
};

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
 * The `?member=<entry key>` link opens it at that entry (centre-overlays.tsx); the layout mounts
 * this chunk while it is open.
 */
export function MemberCentre() {
  const { t } = useTranslation();
  const open = usePopups((s) => s.open === 'memberCentre');
  const data = usePopups((s) => s.data);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const username = useSession((s) => s.username);
  const allowed = useSession(canOpenMemberCentre);
  const badges = useBadges();

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
