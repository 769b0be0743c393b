import type { CockfightRoadEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';

const ROWS = 6;

/** The trend of the arena's last results, as a bead road: columns of six, oldest first. */
export function ResultRoad({ road }: { road: CockfightRoadEntry[] }) {
  const { t } = useTranslation('play');
  const oldestFirst = [...road].reverse();
  const count = (r: string) => road.filter((e) => e.result === r).length;
  return (
    <section className="cf-road" aria-label={t('cockfight.road.title')}>
      <header className="cf-road-head">
        <h2>{t('cockfight.road.title')}</h2>
        <dl className="cf-road-counts">
          {(['MERON', 'WALA', 'DRAW', 'CANCELLED'] as const).map((r) => (
            <div key={r} className={`cf-count cf-r-${r.toLowerCase()}`}>
              <dt>{t(`cockfight.results.${r}`)}</dt>
              <dd>{count(r)}</dd>
            </div>
          ))}
        </dl>
      </header>
      {road.length === 0 ? (
        <p className="cf-empty">{t('cockfight.road.empty')}</p>
      ) : (
        <ol
          className="cf-road-grid"
          style={{ gridTemplateRows: `repeat(${ROWS}, var(--cf-bead))` }}
          data-testid="cockfight-road"
        >
          {oldestFirst.map((e) => (
            <li
              key={e.fightNo}
              className={`cf-bead cf-r-${e.result.toLowerCase()}`}
              title={t('cockfight.road.bead', { n: e.fightNo, result: t(`cockfight.results.${e.result}`) })}
              data-result={e.result}
            >
              <span aria-hidden="true">{t(`cockfight.road.short.${e.result}`)}</span>
              <span className="visually-hidden">
                {t('cockfight.road.bead', { n: e.fightNo, result: t(`cockfight.results.${e.result}`) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
