import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, useBrand } from '../../../lib/brand';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

const GUIDES = ['IOS', 'ANDROID', 'LITE'] as const;
type Guide = (typeof GUIDES)[number];
const GUIDE_STEPS: Record<Guide, readonly ['s1', 's2', 's3']> = {
  IOS: ['s1', 's2', 's3'],
  ANDROID: ['s1', 's2', 's3'],
  LITE: ['s1', 's2', 's3'],
};

/** App downloads: each resource with its QR code, link and installation guide; the lite app installs as a PWA. */
export function AppDownload() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setInstallEvent(e as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  if (brand.resources.length === 0) return <p className="state-box">{t('down.none')}</p>;

  return (
    <div className="download-grid">
      {brand.resources.map((r) => {
        const guide = (GUIDES as readonly string[]).includes(r.resourceType)
          ? (r.resourceType as Guide)
          : null;
        return (
          <section className="download-card" key={r.resourceType} data-testid={`download-${r.resourceType}`}>
            <h2>{guide ? t(`down.type.${guide}`) : r.resourceType}</h2>
            <img
              className="qr"
              src={mediaUrl(brand, r.qrCodeUrl)}
              alt={t('down.qrAlt', { type: guide ? t(`down.type.${guide}`) : r.resourceType })}
              width={160}
              height={160}
              loading="lazy"
            />
            {guide === 'LITE' && installEvent ? (
              <button type="button" className="btn btn-primary" onClick={() => void installEvent.prompt()}>
                {t('down.install')}
              </button>
            ) : (
              <a className="btn btn-primary" href={r.url} rel="noopener noreferrer">
                {t('down.download')}
              </a>
            )}
            {guide && (
              <details className="guide">
                <summary>{t('down.guideTitle')}</summary>
                <ol>
                  {GUIDE_STEPS[guide].map((s) => (
                    <li key={s}>{t(`down.guide.${guide}.${s}`)}</li>
                  ))}
                </ol>
              </details>
            )}
          </section>
        );
      })}
    </div>
  );
}
