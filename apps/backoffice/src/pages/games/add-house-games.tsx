import type { HouseOffer, HouseOfferResult, HouseOfferVendor, Language } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { Badge, Button, ConfirmDialog, errorText, formatNumber, useToast } from '../../ui';
import './add-house-games.css';

/** Under the catalogue's query key: adding refreshes every table of the page, and a switch elsewhere refreshes this. */
const offerKey = (brand: string | null) => ['bo', 'games', brand, 'house-offer'] as const;

/**
 * "Add house games": the platform's own vendors and games the brand lacks (a brand created in the
 * back office starts with none), added in one confirmed step; and, when Hub88 is set up for the
 * brand, where its games come from.
 */
export function AddHouseGames() {
  const { t } = useTranslation('games');
  const { brand, can } = useSession();
  const toast = useToast();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: offerKey(brand), queryFn: () => api.get<HouseOffer>('/games/house-offer') });

  if (q.error && !q.data)
    return (
      <p role="alert" className="bo-house-offer">
        {errorText(q.error)} <Button onClick={() => void q.refetch()}>{t('retry')}</Button>
      </p>
    );
  // Loading: nothing yet (the catalogue's own tables show theirs below).
  if (!q.data) return null;
  const offer = q.data;
  const missing = offer.vendors.filter((v) => v.state === 'MISSING' || v.games.some((g) => !g.present));

  return (
    <section className="bo-house-offer" aria-label={t('houseOffer.title')}>
      <div className="bo-house-offer-row">
        <p className="bo-house-offer-text">
          {offer.missingGames > 0
            ? t('houseOffer.missing', { count: offer.missingGames })
            : t('houseOffer.complete')}
        </p>
        {offer.missingGames > 0 && (
          <Button variant="primary" onClick={() => setOpen(true)}>
            {t('houseOffer.add')}
          </Button>
        )}
      </div>
      {offer.hub88.configured && (
        <p className="bo-muted bo-house-offer-hub88">
          {offer.hub88.enabled ? t('houseOffer.hub88On') : t('houseOffer.hub88Off')}{' '}
          {can('integrations.manage') && <Link to="/integrations">{t('houseOffer.toIntegrations')}</Link>}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={t('houseOffer.confirmTitle')}
        message={t('houseOffer.confirm')}
        confirmLabel={t('houseOffer.confirmAdd', { count: offer.missingGames })}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const r = await api.post<HouseOfferResult>('/games/house-offer');
          setOpen(false);
          toast(t('houseOffer.done', { count: r.gamesAdded }));
          await qc.invalidateQueries({ queryKey: ['bo', 'games', brand] });
        }}
      >
        <OfferList vendors={missing} />
      </ConfirmDialog>
    </section>
  );
}

/** What adding brings, per category and vendor: the games it adds, and a vendor staff switched off. */
function OfferList({ vendors }: { vendors: HouseOfferVendor[] }) {
  const { t, i18n } = useTranslation('games');
  const lang = i18n.language.toUpperCase() as Language;
  return (
    <table className="bo-table bo-house-offer-list">
      <thead>
        <tr>
          <th>{t('col.category')}</th>
          <th>{t('col.vendor')}</th>
          <th>{t('houseOffer.games')}</th>
        </tr>
      </thead>
      <tbody>
        {vendors.map((v) => {
          const adding = v.games.filter((g) => !g.present);
          return (
            <tr key={`${v.gameType}/${v.code}`}>
              <td>{t(`type.${v.gameType}`)}</td>
              <td>
                {v.name}{' '}
                {v.state === 'MISSING' ? (
                  <Badge tone="info">{t('houseOffer.newVendor')}</Badge>
                ) : v.state === 'OFF' ? (
                  <Badge tone="warning">{t('houseOffer.vendorOff')}</Badge>
                ) : null}
              </td>
              <td>
                {adding.map((g) => g.names[lang] ?? g.names.EN ?? g.gameCode).join(', ')}{' '}
                <span className="bo-muted">({formatNumber(adding.length)})</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
