import { CHAT_LIMITS, LANGUAGES, type ChatSettings } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type UseFormProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { currentLanguage } from '../../i18n';
import { Button, errorText, useToast } from '../../ui';
import { LocalizedInput } from '../content/common';
import { CannedReplies } from './canned-admin';
import { WEEK, cannedLanguage, fromForm, settingsFormSchema, toForm, type SettingsForm } from './chat-logic';

const settingsKey = (brand: string | null) => ['bo', '/chat/settings', brand] as const;

/** The form's validation: the contract's time and text rules (chat-logic.ts), before anything is sent. */
export const settingsFormOptions: Pick<UseFormProps<SettingsForm>, 'resolver' | 'mode'> = {
  resolver: zodResolver(settingsFormSchema),
  mode: 'onSubmit',
};

/** Saves the form: the API call happens only for a form that passed validation. */
export async function saveSettings(values: SettingsForm): Promise<ChatSettings> {
  return api.put<ChatSettings>('/chat/settings', fromForm(values));
}

/** The brand's chat: switched on, opening hours, greeting and away message; then canned replies. */
export function ChatSettingsPage() {
  const { t } = useTranslation('chat');
  const { brand } = useSession();
  const current = useQuery({
    queryKey: settingsKey(brand),
    queryFn: () => api.get<ChatSettings>('/chat/settings'),
  });
  return (
    <div className="bo-chat-settings">
      <section className="bo-card" data-testid="chat-settings">
        <h2>{t('settings.title')}</h2>
        {current.isPending ? (
          <span className="bo-skeleton" />
        ) : current.isError ? (
          <div className="bo-table-state">
            <p role="alert">{errorText(current.error)}</p>
            <Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : (
          <SettingsEditor saved={current.data} />
        )}
      </section>
      <CannedReplies />
    </div>
  );
}

function timeError(
  errors: FieldErrors<SettingsForm>,
  i: number,
  which: 'open' | 'close',
): 'time' | 'same' | null {
  const e = errors.days?.[i]?.[which];
  if (!e) return null;
  return e.message === 'same' ? 'same' : 'time';
}

export function SettingsEditor({ saved }: { saved: ChatSettings }) {
  const { t } = useTranslation('chat');
  const { brand } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SettingsForm>({ ...settingsFormOptions, defaultValues: toForm(saved) });
  const { errors, isDirty, isSubmitting } = form.formState;
  const alwaysOpen = form.watch('alwaysOpen');
  const days = form.watch('days');

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const next = await saveSettings(values);
      client.setQueryData(settingsKey(brand), next);
      form.reset(toForm(next));
      toast(t('settings.saved'));
    } catch (e) {
      setError(errorText(e));
    }
  });

  // The staff member's own language first: the one they most likely write.
  const own = cannedLanguage(null, currentLanguage());
  const languages = [own, ...LANGUAGES.filter((l) => l !== own)];
  const textError = (which: 'greeting' | 'awayMessage') =>
    errors[which] ? t('settings.textTooLong', { max: CHAT_LIMITS.awayMessageMax }) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <label className="bo-check">
        <input type="checkbox" {...form.register('enabled')} /> {t('settings.enabled')}
      </label>
      <p className="bo-muted bo-chat-note">{t('settings.enabledHint')}</p>
      <label className="bo-check">
        <input type="checkbox" {...form.register('alwaysOpen')} /> {t('settings.alwaysOpen')}
      </label>
      <fieldset className="bo-fieldset bo-chat-hours" disabled={alwaysOpen}>
        <legend>{t('settings.hours')}</legend>
        <p className="bo-muted bo-chat-note">{t('settings.hoursHint')}</p>
        <table className="bo-chat-hours-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.day')}</th>
              <th scope="col">{t('settings.closedDay')}</th>
              <th scope="col">{t('settings.opens')}</th>
              <th scope="col">{t('settings.closes')}</th>
            </tr>
          </thead>
          <tbody>
            {WEEK.map((day, i) => {
              const closed = days[i]?.closed ?? false;
              const openErr = timeError(errors, i, 'open');
              const closeErr = timeError(errors, i, 'close');
              const dayName = t(`day.${day}`);
              return (
                <tr key={day} data-testid={`chat-day-${day}`}>
                  <th scope="row">{dayName}</th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('settings.closedOn', { day: dayName })}
                      {...form.register(`days.${i}.closed`)}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      step={60}
                      disabled={closed}
                      aria-label={t('settings.opensOn', { day: dayName })}
                      aria-invalid={openErr ? true : undefined}
                      {...form.register(`days.${i}.open`)}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      step={60}
                      disabled={closed}
                      aria-label={t('settings.closesOn', { day: dayName })}
                      aria-invalid={closeErr ? true : undefined}
                      {...form.register(`days.${i}.close`)}
                    />
                    {(openErr ?? closeErr) && (
                      <small className="bo-field-error" role="alert">
                        {openErr === 'time' || closeErr === 'time'
                          ? t('settings.badTime')
                          : t('settings.sameTime')}
                      </small>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="bo-muted bo-chat-note">{t('settings.overnightHint')}</p>
      </fieldset>
      {(['greeting', 'awayMessage'] as const).map((which) => (
        <Controller
          key={which}
          control={form.control}
          name={which}
          render={({ field }) => (
            <LocalizedInput
              label={t(`settings.${which}`)}
              hint={t(`settings.${which}Hint`)}
              value={field.value}
              onChange={(next) => field.onChange({ ...field.value, ...next })}
              languages={languages}
              multiline
              maxLength={CHAT_LIMITS.awayMessageMax}
              error={textError(which)}
              testId={`chat-${which}`}
            />
          )}
        />
      ))}
      {error && (
        <p className="bo-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="bo-page-actions">
        <Button type="submit" variant="primary" busy={isSubmitting} disabled={!isDirty}>
          {t('settings.save')}
        </Button>
        <Button disabled={!isDirty || isSubmitting} onClick={() => form.reset(toForm(saved))}>
          {t('settings.discard')}
        </Button>
      </div>
    </form>
  );
}
