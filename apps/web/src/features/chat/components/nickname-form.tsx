import { CHAT_LIMITS } from '@app/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { nicknameFormOptions, nicknameProblem, type NicknameForm as Values } from '../chat-rules';

/**
 * A visitor's first step: the name support will call it by. Nothing is sent until the name
 * passes the contract's rule; the form says what is wrong in the visitor's language.
 */
export function NicknameForm({
  onStart,
  starting,
  failure,
  away,
  greeting,
}: {
  onStart: (nickname: string) => void;
  starting: boolean;
  /** Why the last start failed, already in words. */
  failure: string | null;
  /** Outside opening hours, the brand's away message: the visitor may still leave a message. */
  away: string | null;
  /** The brand's greeting, the first line of every conversation: said here first. */
  greeting: string | null;
}) {
  const { t } = useTranslation('chat');
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>(nicknameFormOptions);
  const problem = nicknameProblem(errors.nickname, useWatch({ control, name: 'nickname' }));
  const limits = { min: CHAT_LIMITS.nicknameMin, max: CHAT_LIMITS.nicknameMax };

  return (
    <div className="chat-body chat-center">
      <form
        className="chat-start"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => onStart(v.nickname))(e)}
        data-testid="chat-nickname-form"
      >
        <h2>{t('nickname.title')}</h2>
        {greeting && <p className="chat-system chat-greeting">{greeting}</p>}
        {away && (
          <p className="chat-away" data-testid="chat-away">
            {away}
          </p>
        )}
        <p className="chat-muted">{away ? t('nickname.introAway') : t('nickname.intro')}</p>
        <FormField
          id="chat-nickname"
          label={t('nickname.label')}
          hint={t('nickname.hint', limits)}
          error={problem ? t(`nickname.${problem}`, limits) : undefined}
        >
          <input
            className="chat-input"
            type="text"
            autoComplete="nickname"
            maxLength={CHAT_LIMITS.nicknameMax + 10}
            placeholder={t('nickname.placeholder')}
            data-testid="chat-nickname"
            {...register('nickname')}
          />
        </FormField>
        {failure && (
          <p className="chat-error" role="alert" data-testid="chat-start-error">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary chat-wide"
          disabled={starting}
          data-testid="chat-start"
        >
          {starting ? t('nickname.starting') : t('nickname.start')}
        </button>
      </form>
    </div>
  );
}
