import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { usePopups } from '../../lib/popups';
import { canOpenMemberCentre, useSession } from '../../lib/session';
import '../../styles/security.css';
import { ErrorBoundary } from './error-boundary';

/** One entry of the member-centre menu (SPEC section 2): the spec's key, its label and its page. */
interface MemberCentreEntry {
  /** The spec's name; also the menu item's data-testid and the `page` a caller may ask for. */
  key: string;
  label: (t: TFunction) => string;
  /** Each page is its own chunk, loaded when it is first shown. */
  component: LazyExoticComponent<ComponentType>;
}

const SecurityCentre = lazy(() =>
  import('../../features/security/components/security-centre').then((m) => ({ default: m.SecurityCentre })),
);

/** The menu, in the spec's order. The first entry is the default page. */
const ENTRIES: readonly MemberCentreEntry[] = [
  { key: 'securityCenter', label: (t) => t('security.menu.securityCenter'), component: SecurityCentre },
];

/** The query parameter that opens the member centre at a page: `/?member=securityCenter`. */
const MEMBER_PAGE_PARAM = 'member';

const pageOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'page' in data && typeof data.page === 'string' ? data.page : undefined;

/**
 * The member centre: a large dialog on desktop, full screen on a phone, with a side menu and
 * the chosen page. It is open while `usePopups().open === 'memberCentre'` (its `data` may
 * carry `{ page }`), and only for members with a token who are not trial accounts.
 *
 * Deep link: `?member=<entry key>` on any page (e.g. `/?member=securityCenter`) opens it at
 * that entry; the parameter is then removed from the address. Without a session the login
 * popup opens instead, and a trial account gets the real-account warning. The layout mounts
 * this chunk only while the popup is open or the parameter is present.
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

  const active = ENTRIES.find((e) => e.key === pageOf(data)) ?? ENTRIES[0]!;
  const Page = active.component;

  return (
    <Modal
      id="memberCentre"
      title={t('security.centre.title')}
      open={open && allowed}
      onClose={close}
      closeLabel={t('common.close')}
      size="lg"
    >
      <div className="mc-layout">
        <nav className="mc-menu" aria-label={t('security.centre.menu')}>
          {username && (
            <p className="mc-user">
              <span className="mc-avatar" aria-hidden="true">
                {username.slice(0, 1).toUpperCase()}
              </span>
              <span className="mc-username">{username}</span>
            </p>
          )}
          <ul>
            {ENTRIES.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  data-testid={entry.key}
                  aria-current={entry.key === active.key ? 'page' : undefined}
                  onClick={() => show('memberCentre', { page: entry.key })}
                >
                  {entry.label(t)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mc-page">
          <ErrorBoundary>
            <Suspense
              fallback={<div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />}
            >
              <Page key={active.key} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </Modal>
  );
}
