import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlatNamespace } from 'i18next';
import { Modal } from '../../components/ui/modal';
import { i18n } from '../../lib/i18n';
import { useMobileShell } from '../../lib/shell-mode';
import { usePullToRefresh } from '../../lib/use-pull-to-refresh';
import { ErrorBoundary } from './error-boundary';

/** The hint over a page being pulled down (texts of the `mobile` namespace). */
const PULL_TEXT = { pulling: 'pull.pull', ready: 'pull.release', refreshing: 'pull.refreshing' } as const;

/**
 * A named export of a lazily loaded module as a page component: each page is its own chunk. The
 * texts namespaces the page reads load alongside it, so its first paint is in the member's language
 * rather than raw keys (the site does not suspend on texts).
 */
export function page<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  namespaces: readonly FlatNamespace[] = [],
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([m]) => ({
      default: pick(m),
    })),
  );
}

interface CentreShellProps<K extends string> {
  /** The popup id (also the Modal's). */
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  /** Extra class on the layout beside `mc-layout`. */
  layoutClassName?: string;
  menuLabel: string;
  menuTestId?: string;
  username: string | null | undefined;
  entries: readonly K[];
  active: K;
  onPick: (key: K) => void;
  entryLabel: (key: K) => string;
  /** The badge after an entry's label, if any. */
  badge: (key: K) => ReactNode;
  /** The active entry's page. */
  children: ReactNode;
}

/**
 * The overlay shell shared by the member and agent centres: a large dialog on desktop, full
 * screen on a phone (the menu becomes a horizontal strip), the menu and the active page.
 */
export function CentreShell<K extends string>({
  id,
  title,
  open,
  onClose,
  layoutClassName,
  menuLabel,
  menuTestId,
  username,
  entries,
  active,
  onPick,
  entryLabel,
  badge,
  children,
}: CentreShellProps<K>) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('mobile');
  const menuRef = useRef<HTMLUListElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const qc = useQueryClient();
  // On a phone a pull down at the top of a page reads its lists (and the balance) again.
  const pull = usePullToRefresh(
    pageRef,
    () => qc.refetchQueries({ type: 'active' }),
    useMobileShell() && open,
  );

  // On a phone the menu is a horizontal strip: keep the current entry in view.
  useEffect(() => {
    if (!open) return;
    const current = menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const strip = menuRef.current?.parentElement;
    if (!current || !strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollTo({ left: current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2 });
  }, [open, active]);

  return (
    <Modal id={id} title={title} open={open} onClose={onClose} closeLabel={t('common.close')} size="lg">
      <div className={layoutClassName ? `mc-layout ${layoutClassName}` : 'mc-layout'}>
        <nav className="mc-menu" aria-label={menuLabel}>
          {username && (
            <p className="mc-user">
              <span className="mc-avatar" aria-hidden="true">
                {username.slice(0, 1).toUpperCase()}
              </span>
              <span className="mc-username">{username}</span>
            </p>
          )}
          <ul ref={menuRef} data-testid={menuTestId}>
            {entries.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  data-testid={key}
                  aria-current={key === active ? 'page' : undefined}
                  onClick={() => onPick(key)}
                >
                  <span className="mc-menu-label">{entryLabel(key)}</span>
                  {badge(key)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mc-page" ref={pageRef}>
          <div
            className={`pull-hint is-${pull.state}`}
            style={{ height: pull.distance }}
            aria-live="polite"
            data-testid="pull-hint"
            data-state={pull.state}
          >
            {pull.state !== 'idle' && tm(PULL_TEXT[pull.state])}
          </div>
          <ErrorBoundary key={active}>
            <Suspense
              fallback={<div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />}
            >
              {children}
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </Modal>
  );
}
