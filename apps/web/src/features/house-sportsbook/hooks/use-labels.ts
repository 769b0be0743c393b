import type { SportsbookMarket, SportsbookPick } from '@app/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

interface Teams {
  home: { shortName: string };
  away: { shortName: string };
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Names of markets and picks as the slip and the bet list show them. */
export function useLabels() {
  const { t } = useTranslation('play');
  const market = useCallback(
    (m: SportsbookMarket, line?: number) =>
      line === undefined
        ? t(`houseSportsbook.markets.${m}`)
        : `${t(`houseSportsbook.markets.${m}`)} ${m === 'HANDICAP' || m === 'MAP_HANDICAP' ? signed(line) : line}`,
    [t],
  );
  const pick = useCallback(
    (m: SportsbookMarket, line: number | undefined, p: SportsbookPick, teams: Teams) => {
      if (p === 'DRAW') return t('houseSportsbook.picks.DRAW');
      if (p === 'OVER' || p === 'UNDER') return `${t(`houseSportsbook.picks.${p}`)} ${line ?? ''}`.trim();
      const team = p === 'HOME' ? teams.home.shortName : teams.away.shortName;
      // Handicap lines are the home side's: the away side carries the opposite line.
      if ((m === 'HANDICAP' || m === 'MAP_HANDICAP') && line !== undefined)
        return `${team} ${signed(p === 'HOME' ? line : -line)}`;
      return team;
    },
    [t],
  );
  return { market, pick };
}
