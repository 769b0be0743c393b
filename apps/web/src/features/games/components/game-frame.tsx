import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { Icon } from '../../../components/ui/icon';
import { useBrand } from '../../../lib/brand';

import { QUERY_ROOTS } from '../../../lib/query-keys';
import { acceptLaunchUrl } from '../launch-url';
import '../../../styles/lobby.css';

interface GameFrameProps {
  /** The launch URL as received (query parameter or launch answer); checked before use. */
  url: string | null;
  /** The game's name for the toolbar, when known. */
  name?: string | null;
  /** 'full': toolbar with name, exit and full screen; 'exit-only': just the exit button (seamless). */
  toolbar?: 'full' | 'exit-only';
  /** Shown before the toolbar's buttons (on a phone, where the game covers the header: the balance). */
  toolbarExtra?: ReactNode;
}

/** The sticky header's height, kept current (its top bar wraps on narrow screens). */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    if (!header) return;
    const measure = () => setHeight(header.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(header);
    return () => ro.disconnect();
  }, []);
  return height;
}

/**
 * A launched game in an iframe, filling the viewport under the header (the whole screen on
 * phones). Only URLs of this site or of the brand's game-launch CDNs are shown: the URL comes
 * from the address bar, so anything else is refused. Leaving refreshes the balance, which the
 * game has likely changed.
 */
export function GameFrame({ url, name, toolbar = 'full', toolbarExtra }: GameFrameProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const shell = useRef<HTMLDivElement>(null);
  const headerHeight = useHeaderHeight();
  const [fullscreen, setFullscreen] = useState(false);
  const src = acceptLaunchUrl(url, brand.launchGameCDNs, window.location.origin);

  const refreshBalance = useCallback(
    () => void qc.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet, 'balance'] }),
    [qc],
  );
  // However the player leaves (exit, navigation, back button), the balance is read again.
  useEffect(() => refreshBalance, [refreshBalance]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === shell.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The page opens with the frame right under the header (the layout first scrolls to the top).
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      const el = shell.current;
      if (!el || window.matchMedia('(max-width: 768px)').matches) return;
      const top = el.getBoundingClientRect().top + window.scrollY - headerHeight;
      if (top > 0) window.scrollTo({ top });
    });
    return () => cancelAnimationFrame(id);
  }, [headerHeight, src]);

  const exit = () => {
    refreshBalance();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    // React Router numbers the entries of this visit: idx 0 means there is nowhere to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.home);
  };

  const toggleFullscreen = () => {
    const el = shell.current;
    if (!el) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void el.requestFullscreen?.().catch(() => {});
  };

  if (!src) {
    return (
      <div className="game-shell game-shell-error" role="alert" data-testid="game-frame-error">
        <h1>{t('lobby.frame.badUrlTitle')}</h1>
        <p>{t('lobby.frame.badUrl')}</p>
        <Link to={paths.home} className="btn btn-primary">
          {t('lobby.frame.home')}
        </Link>
      </div>
    );
  }

  const title = name || t('lobby.frame.title');
  return (
    <div
      ref={shell}
      className={`game-shell game-shell-${toolbar}${fullscreen ? ' is-fullscreen' : ''}`}
      style={{ '--game-header-h': `${headerHeight}px` } as CSSProperties}
    >
      <div className="game-toolbar">
        {toolbar === 'full' && <h1 className={name ? 'game-toolbar-name' : 'visually-hidden'}>{title}</h1>}
        <div className="game-toolbar-actions">
          {toolbarExtra}
          {toolbar === 'full' && document.fullscreenEnabled && (
            <button
              type="button"
              className="btn btn-sm game-tool"
              onClick={toggleFullscreen}
              data-testid="game-fullscreen"
            >
              {t(fullscreen ? 'lobby.frame.leaveFullscreen' : 'lobby.frame.fullscreen')}
            </button>
          )}
          <button type="button" className="btn btn-sm game-tool" onClick={exit} data-testid="game-exit">
            <Icon name="back" size={16} />
            {t('lobby.frame.exit')}
          </button>
        </div>
      </div>
      <iframe
        key={src}
        className="game-iframe"
        data-testid="game-frame"
        src={src}
        title={title}
        allow="fullscreen; autoplay; clipboard-write; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
