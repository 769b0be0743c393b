import type { AdminHouseGame, AdminHouseRoomHours } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { Dialog, Field, FormFoot, errorText } from '../../ui';

type HouseRoom = AdminHouseGame['rooms'][number];
const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * A house room's or table's opening hours for the brand, in the brand's time zone: outside them
 * players of the brand do not see it and cannot sit or bet, as when it is closed. "All day" clears
 * them. A closing time before the opening time runs past midnight.
 */
export function RoomHoursDialog({
  engine,
  room,
  name,
  onClose,
  onSaved,
}: {
  engine: AdminHouseGame['engine'];
  room: HouseRoom;
  name: string;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('games');
  const [allDay, setAllDay] = useState(room.hours === null);
  const [from, setFrom] = useState(room.hours?.from ?? '10:00');
  const [until, setUntil] = useState(room.hours?.until ?? '02:00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid = !allDay && (!HHMM.test(from) || !HHMM.test(until) || from === until);

  return (
    <Dialog open title={t('house.hoursTitle', { name })} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return setError(t('house.hoursInvalid'));
          setBusy(true);
          setError(null);
          const body: AdminHouseRoomHours = { hours: allDay ? null : { from, until } };
          api
            .put(`/games/house/${engine}/rooms/${room.roomId}/hours`, body)
            .then(onSaved)
            .then(onClose)
            .catch((err: unknown) => setError(errorText(err)))
            .finally(() => setBusy(false));
        }}
      >
        <p className="bo-muted">{t('house.hoursHelp')}</p>
        <label className="bo-check">
          <input type="checkbox" checked={allDay} onChange={(e) => setAllDay(e.target.checked)} />{' '}
          {t('house.allDay')}
        </label>
        {!allDay && (
          <div className="bo-games-grid">
            <Field label={t('house.opens')}>
              <input type="time" value={from} required onChange={(e) => setFrom(e.target.value)} />
            </Field>
            <Field label={t('house.closes')}>
              <input type="time" value={until} required onChange={(e) => setUntil(e.target.value)} />
            </Field>
          </div>
        )}
        <FormFoot error={error} onCancel={onClose} submitLabel={t('save')} busy={busy} />
      </form>
    </Dialog>
  );
}
