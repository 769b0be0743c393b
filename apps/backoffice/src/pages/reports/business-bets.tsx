import type { BusinessBet, BusinessBets } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Badge, Button, DateTime, Dialog, errorText, Money } from '../../ui';
import { ExportButton } from './export-button';
import type { ReportRange } from './kit';

export interface GameRef {
  vendor: string;
  gameCode: string;
  name: string;
}

const TONE = { OPEN: 'info', SETTLED: 'neutral', VOID: 'warning' } as const;

/** A game's bets placed in the report's period, newest first, a page at a time (each read is audited). */
export function BusinessBetsDialog({
  game,
  range,
  onClose,
}: {
  game: GameRef;
  range: ReportRange;
  onClose(): void;
}) {
  const { t } = useTranslation('reportsBusiness');
  const query = { ...range, vendor: game.vendor, gameCode: game.gameCode };
  const bets = useInfiniteQuery({
    queryKey: ['reports', 'business', 'bets', query],
    queryFn: ({ pageParam }) =>
      api.get<BusinessBets>('/reports/business/bets', pageParam ? { ...query, cursor: pageParam } : query),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items: BusinessBet[] = bets.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog
      open
      wide
      title={t('bets.title', { game: game.name })}
      onClose={onClose}
      footer={
        <>
          <ExportButton
            report="business.bets"
            query={{ ...range, vendor: game.vendor, gameCode: game.gameCode }}
          />
          <Button onClick={onClose}>{t('bets.close')}</Button>
        </>
      }
    >
      <p className="bo-muted">
        {t('bets.note', { from: range.from, to: range.to, vendor: game.vendor, code: game.gameCode })}
      </p>
      {bets.error && !bets.data ? (
        <div role="alert">
          <p>{errorText(bets.error)}</p>
          <Button onClick={() => void bets.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <div className="bo-table-scroll">
          <table
            className="bo-table bo-table-dense"
            aria-label={t('bets.title', { game: game.name })}
            aria-busy={bets.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('bets.placedAt')}</th>
                <th scope="col">{t('bets.member')}</th>
                <th scope="col">{t('bets.round')}</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('bets.stake')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('bets.payout')}
                </th>
                <th scope="col">{t('bets.status')}</th>
                <th scope="col">{t('bets.settledAt')}</th>
                {range.scope === 'all' && <th scope="col">{t('bets.brand')}</th>}
              </tr>
            </thead>
            <tbody>
              {bets.isPending ? (
                <tr>
                  <td colSpan={8} className="bo-table-state bo-muted">
                    …
                  </td>
                </tr>
              ) : items.length === 0 ? (
                <tr>
                  <td colSpan={8} className="bo-table-state bo-muted">
                    {t('bets.none')}
                  </td>
                </tr>
              ) : (
                items.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <DateTime value={b.placedAt} seconds />
                    </td>
                    <td>{b.username}</td>
                    <td className="bo-mono">{b.roundId}</td>
                    <td style={{ textAlign: 'right' }}>
                      <Money value={b.stake} />
                    </td>
                    <td style={{ textAlign: 'right' }}>
                      <Money value={b.payout} />
                    </td>
                    <td>
                      <Badge tone={TONE[b.status]}>{t(`bets.statuses.${b.status}`)}</Badge>
                    </td>
                    <td>
                      <DateTime value={b.settledAt} seconds />
                    </td>
                    {range.scope === 'all' && <td>{b.merchantCode}</td>}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {bets.hasNextPage && (
        <Button disabled={bets.isFetchingNextPage} onClick={() => void bets.fetchNextPage()}>
          {t('bets.more')}
        </Button>
      )}
    </Dialog>
  );
}
