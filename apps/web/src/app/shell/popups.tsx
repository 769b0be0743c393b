import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAnnouncements } from '../../features/messages/api/get-announcements';
import type { ChangePasswordModalProps } from '../../features/member/components/change-password-modal';
import type { ForgotPasswordModalProps } from '../../features/member/components/forgot-password-modal';
import type { RegisterModalProps } from '../../features/member/components/register-modal';
import type { VerifyLoginData } from '../../features/session/components/verify-login-modal';
import { useStatus } from '../../features/system/api/get-status';
import { paths } from '../../config/paths';
import { mediaUrl, useBrand } from '../../lib/brand';
import { usePopups, type PopupName } from '../../lib/popups';
import { canOpenMemberCentre, useSession } from '../../lib/session';
import { useLogout } from '../../features/session/api/logout';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../query-client';
import { ErrorBoundary } from './error-boundary';

// Every popup is its own chunk, fetched when it first opens: the home page's first load stays small.
const authKit = () => import('../../features/session/components/auth-kit').then((m) => m.authKit);

const LoginModal = lazy(() =>
  import('../../features/session/components/login-modal').then((m) => ({ default: m.LoginModal })),
);
const VerifyLoginModal = lazy(() =>
  import('../../features/session/components/verify-login-modal').then((m) => ({
    default: m.VerifyLoginModal,
  })),
);
const LogoutConfirmModal = lazy(() =>
  import('../../features/session/components/logout-confirm-modal').then((m) => ({
    default: m.LogoutConfirmModal,
  })),
);
const ProtectionWatch = lazy(() =>
  Promise.all([
    import('../../features/protection/components/protection-watch'),
    i18n.loadNamespaces('protection'),
  ]).then(([m]) => ({ default: m.ProtectionWatch })),
);
const RealAccountModal = lazy(() =>
  import('../../features/session/components/real-account-modal').then((m) => ({
    default: m.RealAccountModal,
  })),
);

// The member feature's popups get the session feature's form pieces here (features do not import each other).
const RegisterModal = lazy(async () => {
  const [m, kit] = await Promise.all([import('../../features/member/components/register-modal'), authKit()]);
  return { default: (props: Omit<RegisterModalProps, 'kit'>) => <m.RegisterModal {...props} kit={kit} /> };
});
const ForgotPasswordModal = lazy(async () => {
  const [m, kit] = await Promise.all([
    import('../../features/member/components/forgot-password-modal'),
    authKit(),
  ]);
  return {
    default: (props: Omit<ForgotPasswordModalProps, 'kit'>) => <m.ForgotPasswordModal {...props} kit={kit} />,
  };
});
const ChangePasswordModal = lazy(async () => {
  const [m, kit, relogin] = await Promise.all([
    import('../../features/member/components/change-password-modal'),
    authKit(),
    import('../../features/session/hooks/use-relogin'),
  ]);
  /** After the change: log in again with the new password, then go home (SPEC section 4). */
  function ChangePassword(
    props: Omit<ChangePasswordModalProps, 'kit' | 'onChanged'> & { onDone: () => void },
  ) {
    const login = relogin.useRelogin();
    const { onDone, ...rest } = props;
    return (
      <m.ChangePasswordModal
        {...rest}
        kit={kit}
        onChanged={async (password) => {
          await login(password);
          onDone();
        }}
      />
    );
  }
  return { default: ChangePassword };
});

/** Routes that show a popup over the home page (SPEC section 2). */
const ROUTE_POPUPS: Record<string, PopupName> = {
  [paths.login]: 'login',
  [paths.register]: 'register',
  [paths.registerHtml]: 'register',
  [paths.forget]: 'forget',
};
const ROUTE_OF: Partial<Record<PopupName, string>> = {
  login: paths.login,
  register: paths.register,
  forget: paths.forget,
};

/**
 * The identity popups, one at a time (lib/popups), plus the forced password change, which
 * follows the session rather than the popup store and cannot be dismissed.
 */
export function Popups() {
  const open = usePopups((s) => s.open);
  const data = usePopups((s) => s.data);
  const show = usePopups((s) => s.show);
  const close = usePopups((s) => s.close);
  const token = useSession((s) => s.token);
  const forcedChange = useSession((s) => !!s.token && s.mustChangePassword);
  const realAccount = useSession(canOpenMemberCentre);
  const signOut = useSession((s) => s.signOut);
  const logout = useLogout();
  const brand = useBrand();
  const status = useStatus();
  const announcements = useAnnouncements();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routed = pathname in ROUTE_POPUPS;
  const visitorCountry = status.data?.location.countryCode ?? null;

  // /login, /register, /register.html and /forget open their popup; with a session they go home.
  useEffect(() => {
    const name = ROUTE_POPUPS[pathname];
    if (!name) return;
    if (token) navigate(paths.home, { replace: true });
    else show(name);
    // Only a change of route opens a popup, not a change of session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // Closing a popup that has a route goes to '/' (also after a successful login or sign-up).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && routed) navigate(paths.home, { replace: true });
    wasOpen.current = open;
  }, [open, routed, navigate]);

  /** Opens a popup in place; where the page is a popup route, through that popup's route. */
  const openRouted = useCallback(
    (name: PopupName) => {
      const route = ROUTE_OF[name];
      if (route && (routed || name === 'forget')) navigate(route);
      else show(name);
    },
    [routed, navigate, show],
  );

  const goHome = useCallback(() => navigate(paths.home), [navigate]);
  /** After the session ends: home, the member's cached data dropped, public data refreshed. */
  const afterSignOut = useCallback(() => {
    close();
    navigate(paths.home);
    // Once the logged-out screen has replaced the member's (next task), the member's cached data
    // goes and the public data still shown is refreshed in place. The brand's status stays:
    // asking it again would blank the whole site.
    window.setTimeout(() => {
      const kept = (key: readonly unknown[]) => key[0] === 'system';
      queryClient.removeQueries({ predicate: (q) => !kept(q.queryKey) && !q.isActive() });
      void queryClient.invalidateQueries({ predicate: (q) => !kept(q.queryKey) });
    }, 0);
  }, [close, navigate]);
  /** A logout the member chose from a protection prompt: no second confirmation. */
  const logoutNow = useCallback(() => {
    void logout
      .mutateAsync()
      .catch(() => undefined)
      .then(() => {
        signOut();
        afterSignOut();
      });
  }, [logout, signOut, afterSignOut]);
  const registerBanner = announcements.data?.banners.find((b) => b.groupName === 'w_register');
  const loginData = data as { reason?: 'loginRequired' } | null;

  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        {open === 'login' && !token && (
          <LoginModal
            onClose={close}
            onForgot={() => openRouted('forget')}
            onRegister={() => openRouted('register')}
            reason={loginData?.reason}
            visitorCountry={visitorCountry}
          />
        )}
        {open === 'verifyLogin' && !!data && (
          <VerifyLoginModal data={data as VerifyLoginData} onClose={close} />
        )}
        {open === 'register' && !token && (
          <RegisterModal
            onClose={close}
            onLogin={() => openRouted('login')}
            visitorCountry={visitorCountry}
            banner={
              registerBanner ? { src: mediaUrl(brand, registerBanner.url), alt: registerBanner.title } : null
            }
          />
        )}
        {open === 'forget' && !token && (
          <ForgotPasswordModal onClose={close} visitorCountry={visitorCountry} />
        )}
        {open === 'changePassword' && !!token && !forcedChange && (
          <ChangePasswordModal forced={false} onClose={close} onDone={goHome} />
        )}
        {forcedChange && <ChangePasswordModal forced onClose={() => undefined} onDone={goHome} />}
        {open === 'realAccountNeeded' && <RealAccountModal onClose={close} />}
        {open === 'logoutConfirm' && !!token && (
          <LogoutConfirmModal onClose={close} onSignedOut={afterSignOut} />
        )}
      </Suspense>
      {realAccount && !forcedChange && (
        // Its own boundary: loading the protection texts must not hold the identity popups.
        <Suspense fallback={null}>
          <ProtectionWatch
            onOpen={(page) => show('memberCentre', { page })}
            onLogout={logoutNow}
            depositOpen={open === 'memberCentre' && (data as { page?: unknown } | null)?.page === 'depositv2'}
          />
        </Suspense>
      )}
    </ErrorBoundary>
  );
}
