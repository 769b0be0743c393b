import type { HelpSection } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useHelpCenter } from '../api/get-help-center';

function HelpSections({ list }: { list: HelpSection[] }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  const active = list.find((s) => s.tag === wanted) ?? list[0];
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

/**
 * Help centre: a section list and the selected section's content. The hash picks the
 * section (/help#agent, /help#term); unknown or missing hashes show the first one.
 */
export function HelpCenter() {
  const help = useHelpCenter();
  return <QueryState query={help}>{({ list }) => <HelpSections list={list} />}</QueryState>;
}
