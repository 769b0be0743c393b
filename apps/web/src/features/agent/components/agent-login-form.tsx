import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { TextInput } from '../../../components/ui/text-input';
import { useErrorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useAgentLogin } from '../api/agent-login';

/**
 * The agent-page login: username and password sent encrypted to the agent login, which gives a
 * session to agent types only; any other account gets the server's "not an agent" message.
 */
export function AgentLoginForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const login = useAgentLogin();
  const signIn = useSession((s) => s.signIn);
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        username: z.string().trim().min(1, t('login.usernameRequired')),
        password: z.string().min(1, t('login.passwordRequired')),
      }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync({
        type: 'username',
        username: v.username,
        password: v.password,
      });
      signIn(result);
      void qc.invalidateQueries();
      onDone?.();
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  return (
    <section className="sec-card ag-login" aria-labelledby="agent-login-title">
      <h2 id="agent-login-title" className="ag-login-title">
        {t('login.title')}
      </h2>
      <p className="sec-desc">{t('login.lead')}</p>
      <form className="sec-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="agent-login-form">
        <FormField id="agent-login-username" label={t('login.username')} error={errors.username?.message}>
          <TextInput
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username')}
          />
        </FormField>
        <FormField id="agent-login-password" label={t('login.password')} error={errors.password?.message}>
          <TextInput type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        {failure && (
          <p className="sec-status sec-status-error" role="alert" data-testid="agent-login-error">
            {failure}
          </p>
        )}
        <div className="sec-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={isSubmitting}
            data-testid="agent-login-submit"
          >
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
