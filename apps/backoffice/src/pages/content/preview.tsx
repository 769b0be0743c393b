import { BANNER_GROUPS, type Announcements, type Language, type Notice } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Field, errorText } from '../../ui';
import { imageSrc } from './banners';
import { fromLocalInput, useLanguages } from './common';

/** What players get in one language at one moment (drafts optionally shown in place). */
export function PreviewTab() {
  const { t } = useTranslation('content');
  const { brand } = useSession();
  const languages = useLanguages();
  const [lang, setLang] = useState<Language | ''>('');
  const [at, setAt] = useState('');
  const [drafts, setDrafts] = useState(true);
  const chosen = lang || languages.data?.defaultLanguage;
  const moment = fromLocalInput(at);
  const preview = useQuery({
    queryKey: ['content', 'preview', brand, chosen, moment, drafts],
    enabled: !!chosen && moment !== 'invalid',
    queryFn: () =>
      api.get<Announcements>('/content/preview', {
        lang: chosen,
        at: moment ?? undefined,
        drafts: drafts ? 'true' : 'false',
      }),
    placeholderData: keepPreviousData,
  });
  // In the order the site's pages come.
  const groups = BANNER_GROUPS.filter((g) => (preview.data?.banners ?? []).some((b) => b.groupName === g));
  return (
    <>
      <div className="bo-card bo-form-row">
        <Field label={t('lang')}>
          <select value={chosen ?? ''} onChange={(e) => setLang(e.target.value as Language)}>
            {(languages.data?.languages ?? []).map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('preview.at')} hint={t('preview.atHint')}>
          <input type="datetime-local" step={1} value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
        <label className="bo-check">
          <input type="checkbox" checked={drafts} onChange={(e) => setDrafts(e.target.checked)} />
          {t('preview.drafts')}
        </label>
      </div>
      {preview.error && (
        <p role="alert" className="bo-card">
          {errorText(preview.error)}
        </p>
      )}
      {preview.isPending && chosen && <p className="bo-muted">…</p>}
      {preview.data && (
        <div className="bo-content-preview" data-testid="content-preview">
          <section className="bo-card">
            <h2>{t('notices.types.PL')}</h2>
            <NoticeList notices={preview.data.player} marquee />
          </section>
          <section className="bo-card">
            <h2>{t('tabs.banners')}</h2>
            {groups.length === 0 && <p className="bo-muted">{t('banners.empty')}</p>}
            <div className="bo-content-preview-groups">
              {groups.map((g) => (
                <div key={g} className="bo-content-preview-group">
                  <h3>{t(`groups.${g}`)}</h3>
                  <div className="bo-content-strip">
                    {preview.data.banners
                      .filter((b) => b.groupName === g)
                      .map((b) => (
                        <figure key={b.bannerId}>
                          <img src={imageSrc(b.url)} alt="" width={240} height={80} loading="lazy" />
                          <figcaption>
                            {b.title || '—'}{' '}
                            {b.linkage && <span className="bo-mono bo-muted">→ {b.linkage}</span>}
                          </figcaption>
                        </figure>
                      ))}
                  </div>
                </div>
              ))}
            </div>
          </section>
          <section className="bo-card">
            <h2>{t('notices.types.PU')}</h2>
            <NoticeList notices={preview.data.popup} />
          </section>
          <section className="bo-card">
            <h2>{t('notices.types.PR')}</h2>
            <NoticeList notices={preview.data.promotion} />
          </section>
        </div>
      )}
    </>
  );
}

function NoticeList({ notices, marquee }: { notices: Notice[]; marquee?: boolean }) {
  const { t } = useTranslation('content');
  if (notices.length === 0) return <p className="bo-muted">{t('notices.empty')}</p>;
  if (marquee) return <p className="bo-content-marquee">{notices.map((n) => n.title).join('  ·  ')}</p>;
  return (
    <>
      {notices.map((n) => (
        <article key={n.id} className="bo-content-rendered">
          <h3>{n.title}</h3>
          {/* Sanitised by the server: the markup the site renders. */}
          <div dangerouslySetInnerHTML={{ __html: n.content }} />
        </article>
      ))}
    </>
  );
}
