import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { mobileTarget } from '../../config/mobile-paths';
import { setMobileForced } from '../../lib/shell-mode';

/**
 * /m/...: the mobile addresses real clients of this platform family link to. The visit keeps the
 * phone shell from here on (index.html's script does the same on a first load, before paint) and
 * lands on the same page of this site.
 */
export function MobileEntry() {
  const { pathname, search, hash } = useLocation();
  // Idempotent: marks the visit before the redirect renders the target in the phone shell.
  useState(() => setMobileForced(true));
  return <Navigate to={mobileTarget(pathname, search, hash)} replace />;
}
