import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { i18n } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { ErrorBoundary } from './error-boundary';

// Its own chunk, loaded when opened (popup, or the ?member= link described in member-centre.tsx),
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

/**
 * The member and agent centres, over whichever page is open (every layout has them: the header's
 * menu and the phone's tab bar open them from any page).
 */
export function CentreOverlays() {
  const { search } = useLocation();
  const memberCentreOpen = usePopups((s) => s.open === 'memberCentre');
  const memberCentreWanted = memberCentreOpen || new URLSearchParams(search).has('member');
  // Mounted once opened, then kept: closing it must not unload its chunk or its state.
  const agentCentreOpen = usePopups((s) => s.open === 'agentCentre');
  const [agentCentreWanted, setAgentCentreWanted] = useState(false);
  if (agentCentreOpen && !agentCentreWanted) setAgentCentreWanted(true);
  return (
    <>
      {memberCentreWanted && (
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
