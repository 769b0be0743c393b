import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHelpCenter } from '../api/get-help-center';

/**
 * Help centre: a section list and the selected section's content. The hash picks the
 * section (/help#agent, /help#term); unknown or missing hashes show the first one.
 */
export function HelpCenter() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const help = useHelpCenter();
  const list = help.data?.list ?? [];
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  const active = list.find((s) => s.tag === wanted) ?? list[0];
  const [menuOpen, setMenuOpen] = useState(false);

  if (help.isPending)
    return <div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />;
  if (help.isError) {
    return (
      <div className="state-box" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void help.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!active) return <p className="state-box">{t('help.empty')}</p>;

  return (
    <div className="help-layout">
      <nav className="help-menu" aria-label={t('help.sections')}>
        <button
          type="button"
          className="help-menu-toggle"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {active.title}
        </button>
        <ul className={menuOpen ? 'open' : ''}>
          {list.map((s) => (
            <li key={s.tag}>
              <a
                href={`#${s.tag}`}
                aria-current={s.tag === active.tag ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <article className="help-article" id={active.tag} data-testid={`help-${active.tag}`}>
        <h1>{active.title}</h1>
        {/* Content is sanitised by the server before it is sent. */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: active.content }} />
      </article>
    </div>
  );
}
