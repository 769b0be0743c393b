import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVendors } from '../../features/games/api/get-vendors';
import { navCategories, stripVendors } from '../../features/games/nav-categories';
import { PopupNotices } from '../../features/messages/components/popup-notices';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { paths } from '../../config/paths';
import { isModuleOn, mediaUrl, useBrand } from '../../lib/brand';
import { i18n } from '../../lib/i18n';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { LogoRow } from '../../components/ui/logo-row';
import type * as HomeGamesModule from '../../features/games/components/home-games';
import { artworkLogos, CERTIFICATES, PAYMENT_METHODS, SPONSORS } from '../shell/artwork';
import '../../styles/home.css';

// The game sections are their own chunk: the launch code (and the schemas it pulls in) stays off
// the first load, which has a size budget (scripts/size.ts). Asked for once for the three: each
// dynamic import first walks its list of the chunk's files to preload (two dozen here).
let homeGamesChunk: Promise<typeof HomeGamesModule> | undefined;
const homeGames = () => (homeGamesChunk ??= import('../../features/games/components/home-games'));
const HomeHotGames = lazy(() => homeGames().then((m) => ({ default: m.HomeHotGames })));
const HomePopularGames = lazy(() => homeGames().then((m) => ({ default: m.HomePopularGames })));
const WinnerBoard = lazy(() => homeGames().then((m) => ({ default: m.WinnerBoard })));
// Popular lotteries come with the lottery's texts (their own namespace), in a chunk of their own.
const HomePopularLotteries = lazy(() =>
  Promise.all([
    import('../../features/lottery/components/popular-lotteries'),
    i18n.loadNamespaces('lottery'),
  ]).then(([m]) => ({ default: m.HomePopularLotteries })),
);

const STEPS = [
  { key: 'account', art: 'home/step-account.svg' },
  { key: 'deposit', art: 'home/step-deposit.svg' },
  { key: 'win', art: 'home/step-win.svg' },
] as const;

function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return <>{m > 0 ? t('home.durationMinSec', { m, s }) : t('home.durationSec', { s })}</>;
}

export function HomePage() {
  const { t } = useTranslation();
  const vendors = useVendors();
  const categories = navCategories(vendors.data ?? []);
  const providers = stripVendors(vendors.data ?? []);

  // The sections wait for the vendors (the categories, the partners) under one block as tall as
  // the screen: coming in, they fill it instead of pushing what is already shown down the page.
  if (vendors.isPending) return <div className="skeleton-block page-pending" aria-busy="true" />;
  return (
    <div className="home">
      <PopupNotices />

      <section className="home-section" aria-labelledby="cat-title">
        <h2 id="cat-title">{t('home.categoriesTitle')}</h2>
        <ul className="category-grid" data-testid="home-categories">
          {categories.map((c) => (
            <li key={c.type}>
              <Link to={paths.category(c.type)} className={`category-card cat-${c.type.toLowerCase()}`}>
                <span className="category-name">{t(`categories.${c.type}`)}</span>
                <span className="category-count">{t('home.vendorCount', { count: c.vendors.length })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {/* As tall as the screen, like the vendors' block: the sections below stay below the fold
          (their images unfetched) until the games arrive. */}
      <Suspense fallback={<div className="skeleton-block page-pending" aria-busy="true" />}>
        <HomeHotGames />
        <HomePopularGames />
        <WinnerBoard />
      </Suspense>
      <Suspense fallback={null}>
        <HomePopularLotteries />
      </Suspense>

      <HomeMore providers={providers} />
    </div>
  );
}

/**
 * The sections under the games (how to start, service, partners, the app, chat, licence): drawn
 * a task after the top of the page (lib/use-after-first-paint.ts). They are below the fold on
 * every screen, so the render that draws the first one need not carry them; coming after what is
 * already there, they move nothing.
 */
function HomeMore({ providers }: { providers: ReturnType<typeof stripVendors> }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const after = useAfterFirstPaint();
  if (!after) return null;
  const lite = brand.resources.find((r) => r.resourceType === 'LITE') ?? brand.resources[0];
  return (
    <>
      <section className="home-section steps" aria-labelledby="steps-title">
        <h2 id="steps-title">{t('home.stepsTitle')}</h2>
        <ol className="step-list">
          {STEPS.map((s, i) => (
            <li key={s.key} className="step">
              <img src={mediaUrl(brand, s.art)} alt="" width={96} height={96} loading="lazy" />
              <span className="step-no">{i + 1}</span>
              <h3>{t(`home.step.${s.key}.title`)}</h3>
              <p>{t(`home.step.${s.key}.text`)}</p>
            </li>
          ))}
        </ol>
        {isModuleOn(brand.whitelabel, 'DIRECTREG3') && (
          <Link to={paths.register} className="btn btn-primary btn-lg">
            {t('home.joinNow')}
          </Link>
        )}
      </section>

      <section className="home-section service" aria-labelledby="service-title">
        <h2 id="service-title">{t('home.serviceTitle')}</h2>
        <div className="service-grid">
          <div className="service-card">
            <img src={mediaUrl(brand, 'home/service.svg')} alt="" width={72} height={72} loading="lazy" />
            <h3>{t('home.service247')}</h3>
            <p>{t('home.service247Text')}</p>
          </div>
          <div className="service-card" data-testid="avg-deposit">
            <img src={mediaUrl(brand, 'home/speed.svg')} alt="" width={72} height={72} loading="lazy" />
            <h3>{t('home.avgDeposit')}</h3>
            <p className="figure">
              <Duration seconds={brand.stats.avgDepositSeconds} />
            </p>
          </div>
          <div className="service-card" data-testid="avg-withdraw">
            <img src={mediaUrl(brand, 'home/speed.svg')} alt="" width={72} height={72} loading="lazy" />
            <h3>{t('home.avgWithdraw')}</h3>
            <p className="figure">
              <Duration seconds={brand.stats.avgWithdrawSeconds} />
            </p>
          </div>
        </div>
      </section>

      <section className="home-section partners" aria-labelledby="partners-title">
        <h2 id="partners-title">{t('home.partnersTitle')}</h2>
        <h3>{t('home.paymentPartners')}</h3>
        <LogoRow logos={artworkLogos(brand, PAYMENT_METHODS)} width={100} height={40} />
        <h3>{t('home.gamePartners')}</h3>
        <LogoRow
          logos={providers.map((v) => ({ src: mediaUrl(brand, v.logoUrl), name: v.displayName }))}
          width={100}
          height={40}
        />
        <h3>{t('home.sponsors')}</h3>
        <LogoRow logos={artworkLogos(brand, SPONSORS)} width={88} height={88} />
      </section>

      <section className="home-section app-promo" aria-labelledby="app-title">
        <img src={mediaUrl(brand, 'home/app-phone.svg')} alt="" width={140} height={140} loading="lazy" />
        <div>
          <h2 id="app-title">{t('home.appTitle')}</h2>
          <p>{t('home.appText', { brand: brand.brandName })}</p>
          <Link to={paths.down} className="btn btn-primary">
            {t('home.appButton')}
          </Link>
        </div>
        {lite && (
          <img
            className="qr"
            src={mediaUrl(brand, lite.qrCodeUrl)}
            alt={t('down.qrAlt', { type: t('down.type.LITE') })}
            width={120}
            height={120}
            loading="lazy"
          />
        )}
      </section>

      <section className="home-section chat" aria-labelledby="chat-title">
        <h2 id="chat-title">{t('home.chatTitle')}</h2>
        <p>{t('home.chatText')}</p>
        <CustomerServiceButton />
      </section>

      <section className="home-section licence-block" aria-labelledby="licence-title">
        <h2 id="licence-title">{t('home.licenceTitle')}</h2>
        <LogoRow logos={artworkLogos(brand, CERTIFICATES)} width={64} height={64} />
        <p>{brand.licence}</p>
      </section>
    </>
  );
}
