import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { QueryState } from '../../components/ui/query-state';
import type { GameChrome, GameNs } from './game-chrome';
import type { HouseGame } from './house-game';
import { localeTag } from './locale-tag';

const SHORT: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** A history row's time in the game's language (the text as sent if it is not a date). */
export function useHistoryTime(options: Intl.DateTimeFormatOptions = SHORT) {
  const { i18n } = useTranslation('play');
  return (iso: string) => {
    const time = new Date(iso);
    return Number.isNaN(time.getTime()) ? iso : time.toLocaleString(localeTag(i18n.language), options);
  };
}

/**
 * A house game's history: the player's last rounds in a modal (`<testId>HistoryModal`), fetched
 * while it is open, one `row` each in a list, or the game's "nothing yet". Loading and failure look
 * like the site's lists, or (`ownStates`) use the game's own texts.
 */
export function GameHistoryModal<Row>({
  chrome,
  game,
  token,
  open,
  onClose,
  title,
  size,
  listClass,
  listTestId,
  emptyClass = 'state-box',
  ownStates = false,
  fresh = false,
  row,
}: {
  chrome: GameChrome<Exclude<GameNs, 'houseSportsbook'>>;
  game: Pick<HouseGame<unknown, Row>, 'historyQueryOptions'>;
  token: string;
  open: boolean;
  onClose: () => void;
  /** The title when it is not `<ns>.history.title`. */
  title?: string;
  size?: 'md' | 'lg';
  listClass: string;
  listTestId: string;
  emptyClass?: string;
  ownStates?: boolean;
  /** Fetched again each time it opens, although the game refreshes it after each round. */
  fresh?: boolean;
  row: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation('play');
  const { ns } = chrome;
  const history = useQuery({
    ...game.historyQueryOptions(token),
    enabled: open,
    ...(fresh && { staleTime: 0 }),
  });
  const list = (data: { list: Row[] }) =>
    data.list.length === 0 ? (
      <p className={emptyClass || undefined}>{t(`${ns}.history.empty`)}</p>
    ) : (
      <ol className={listClass} data-testid={listTestId}>
        {data.list.map(row)}
      </ol>
    );
  return (
    <Modal
      id={`${chrome.testId}HistoryModal`}
      title={title ?? t(`${ns}.history.title`)}
      open={open}
      onClose={onClose}
      closeLabel={t(`${ns}.close`)}
      size={size}
    >
      {ownStates ? (
        <>
          {history.isPending && <p role="status">{t(`${ns}.loading`)}</p>}
          {history.isError && (
            <p role="alert">
              {t(`${ns}.errors.load`)}{' '}
              <button type="button" className="btn" onClick={() => void history.refetch()}>
                {t(`${ns}.retry`)}
              </button>
            </p>
          )}
          {history.data && list(history.data)}
        </>
      ) : (
        <QueryState query={history}>{list}</QueryState>
      )}
    </Modal>
  );
}
