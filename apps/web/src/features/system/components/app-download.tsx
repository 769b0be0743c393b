import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { installWithOffer, useInstallPrompt } from '../../../lib/install-prompt';

const GUIDES = ['IOS', 'ANDROID', 'LITE'] as const;
type Guide = (typeof GUIDES)[number];
const GUIDE_STEPS: Record<Guide, readonly ['s1', 's2', 's3']> = {
  IOS: ['s1', 's2', 's3'],
  ANDROID: ['s1', 's2', 's3'],
  LITE: ['s1', 's2', 's3'],
};

/** Whether the site runs as the installed app now (home-screen launch). */
function runningInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone and iPad (iPadOS reports itself as a Mac with touch) install from Safari's Share menu only. */
function isIos(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

/**
 * Installs the site itself as an app: the browser's own install dialog where it offers one
 * (Chrome, Edge, Samsung Internet), the Share-menu steps on iPhone, a plain word elsewhere.
 */
function InstallCard() {
  const { t } = useTranslation('down');
  const brand = useBrand();
  const offer = useInstallPrompt((s) => s.offer);
  const installed = useInstallPrompt((s) => s.installed);
  const dismissed = useInstallPrompt((s) => s.dismissed);
  const [asking, setAsking] = useState(false);

  async function install() {
    if (!offer) return;
    setAsking(true);
    try {
      await installWithOffer(offer);
    } finally {
      setAsking(false);
    }
  }

  let body;
  if (runningInstalled()) body = <p data-testid="install-state">{t('installCard.standalone')}</p>;
  else if (installed) body = <p data-testid="install-state">{t('installCard.done')}</p>;
  else if (offer)
    body = (
      <button type="button" className="btn btn-primary" disabled={asking} onClick={() => void install()}>
        {t('installCard.button')}
      </button>
    );
  else if (dismissed) body = <p data-testid="install-state">{t('installCard.dismissed')}</p>;
  else if (isIos()) body = <p data-testid="install-state">{t('installCard.ios')}</p>;
  else body = <p data-testid="install-state">{t('installCard.unavailable')}</p>;

  return (
    <section className="download-card install-card" data-testid="install-card">
      <h2>{t('installCard.title', { brand: brand.brandName })}</h2>
      <p className="install-lead">{t('installCard.lead')}</p>
      {body}
    </section>
  );
}

/** App downloads: installing the site itself, then each native resource with its QR code, link and installation guide. */
export function AppDownload() {
  const { t } = useTranslation('down');
  const { t: tMain } = useTranslation();
  const brand = useBrand();
  const offer = useInstallPrompt((s) => s.offer);

  return (
    <div className="download-grid">
      <InstallCard />
      {brand.resources.length === 0 && <p className="state-box">{t('none')}</p>}
      {brand.resources.map((r) => {
        const guide = (GUIDES as readonly string[]).includes(r.resourceType)
          ? (r.resourceType as Guide)
          : null;
        const name = guide ? tMain(`down.type.${guide}`) : r.resourceType;
        return (
          <section className="download-card" key={r.resourceType} data-testid={`download-${r.resourceType}`}>
            <h2>{name}</h2>
            <img
              className="qr"
              src={mediaUrl(brand, r.qrCodeUrl)}
              alt={tMain('down.qrAlt', { type: name })}
              width={160}
              height={160}
              loading="lazy"
            />
            {guide === 'LITE' && offer ? (
              <button type="button" className="btn btn-primary" onClick={() => void installWithOffer(offer)}>
                {t('install')}
              </button>
            ) : (
              <a className="btn btn-primary" href={r.url} rel="noopener noreferrer">
                {t('download')}
              </a>
            )}
            {guide && (
              <details className="guide">
                <summary>{t('guideTitle')}</summary>
                <ol>
                  {GUIDE_STEPS[guide].map((s) => (
                    <li key={s}>{t(`guide.${guide}.${s}`)}</li>
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
