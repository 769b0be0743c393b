import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { i18n } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { canOpenMemberCentre, useSession } from '../../lib/session';
import { ErrorBoundary } from './error-boundary';

// Its own chunk, loaded when opened (popup, or the ?member= link below),
// with the `mobile` texts (the pull-to-refresh hint), which the agent centre also uses.
const MemberCentre = lazy(() =>
  Promise.all([import('./member-centre'), i18n.loadNamespaces('mobile')]).then(([m]) => ({
    default: m.MemberCentre,
  })),
);
// The agent centre likewise, with its texts (the `agent` namespace) loaded alongside.
const AgentCentre = lazy(() =>
  Promise.all([import('./agent-centre'), i18n.loadNamespaces(['agent', 'mobile'])]).then(([m]) => ({
    default: m.AgentCentre,
  })),
);

/** The query parameter that opens the member centre at a page: `/?member=securityCenter`. */
const MEMBER_PAGE_PARAM = 'member';

/**
 * The `?member=<entry key>` deep link on any page (e.g. `/?member=depositv2` from a provider's
 * return or a message): opens the member centre at that entry and takes the parameter off the
 * address. Without a session the login popup opens instead, and a trial account gets the
 * real-account warning. Handled here, before the centre's chunk has loaded, and before paint: the
 * chunk is asked for at once and the centre opens in its first frame rather than a frame later.
 */
function useMemberCentreLink() {
  const [params, setParams] = useSearchParams();
  const linked = params.get(MEMBER_PAGE_PARAM);
  const show = usePopups((s) => s.show);
  const token = useSession((s) => s.token);
  const allowed = useSession(canOpenMemberCentre);
  useLayoutEffect(() => {
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
}

/**
 * The member and agent centres, over whichever page is open (every layout has them: the header's
 * menu and the phone's tab bar open them from any page).
 */
export function CentreOverlays() {
  useMemberCentreLink();
  const memberCentreOpen = usePopups((s) => s.open === 'memberCentre');
  // The agent centre is mounted once opened, then kept: closing it must not unload its state.
  const agentCentreOpen = usePopups((s) => s.open === 'agentCentre');
  const [agentCentreWanted, setAgentCentreWanted] = useState(false);
  if (agentCentreOpen && !agentCentreWanted) setAgentCentreWanted(true);
  return (
    <>
      {memberCentreOpen && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <MemberCentre />
          </Suspense>
        </ErrorBoundary>
      )}
      {agentCentreWanted && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <AgentCentre />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
