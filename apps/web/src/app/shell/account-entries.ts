import { useTranslation } from 'react-i18next';
import { usePopups } from '../../lib/popups';
import { canOpenAccountCentre, canOpenMemberCentre, useSession } from '../../lib/session';
import { useGuard } from '../../lib/use-guard';

/** Member-centre pages the header opens (their keys are the member-centre menu's). */
export type CentrePage = 'personalHistoryCopy' | 'depositv2' | 'withdraw' | 'securityCenter' | 'messageV2';

export interface AccountEntry {
  /** The entry's key: its test id is `menu-<key>`. */
  key: string;
  label: string;
  run: () => void;
}

/**
 * The logged-in member's account entries in the spec's order (the header's information menu,
 * and the phone menu): member-centre pages go through the guard, then the agent centre for an
 * account that has one, then logout (which asks first).
 */
export function useAccountEntries(): AccountEntry[] {
  const { t } = useTranslation();
  const show = usePopups((s) => s.show);
  const guard = useGuard();
  const memberCentre = useSession(canOpenMemberCentre);
  const accountCentre = useSession(canOpenAccountCentre);
  const centre = (page: CentrePage) => () => guard(() => show('memberCentre', { page }));
  return [
    ...(memberCentre
      ? [
          {
            key: 'personalHistoryCopy',
            label: t('auth.account.bettingRecord'),
            run: centre('personalHistoryCopy'),
          },
          { key: 'depositv2', label: t('auth.account.deposit'), run: centre('depositv2') },
          { key: 'withdraw', label: t('auth.account.withdraw'), run: centre('withdraw') },
          { key: 'securityCenter', label: t('auth.account.details'), run: centre('securityCenter') },
        ]
      : []),
    {
      key: 'changePassword',
      label: t('auth.account.changePassword'),
      run: () => guard(() => show('changePassword')),
    },
    ...(memberCentre
      ? [{ key: 'memberCentre', label: t('auth.account.memberCentre'), run: centre('securityCenter') }]
      : []),
    ...(accountCentre
      ? [{ key: 'agent', label: t('auth.account.agent'), run: () => show('agentCentre') }]
      : []),
    { key: 'logout', label: t('auth.account.logout'), run: () => show('logoutConfirm') },
  ];
}
