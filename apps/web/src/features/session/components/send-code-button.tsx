import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';
import { SMS_SEND_THROTTLE_MS } from '@app/contracts';

interface SendCodeButtonProps {
  /**
   * Sends the code and resolves to its lifetime in minutes (the countdown is that x 60 s), or to
   * null when nothing was sent (the number did not pass validation). Failures reject.
   */
  send: () => Promise<number | null>;
  onError: (err: unknown) => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * "Send code" with its countdown (SPEC section 4): disabled while sending and while counting,
 * enabled again at 0. Sends are at most one a second.
 */
export function SendCodeButton({ send, onError, disabled, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const last = useRef(0);

  const onClick = async () => {
    if (Date.now() - last.current < SMS_SEND_THROTTLE_MS) return;
    setSending(true);
    try {
      const minutes = await send();
      // Only a request that reached the server counts for the throttle: a number that failed
      // validation (null) may be corrected and sent at once.
      if (minutes !== null) {
        last.current = Date.now();
        start(Math.max(1, minutes) * 60);
      }
    } catch (err) {
      last.current = Date.now();
      onError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="btn send-code"
      disabled={disabled || sending || left > 0}
      onClick={() => void onClick()}
      data-testid={testId}
      aria-live="polite"
    >
      {left > 0 ? t('auth.sms.resendIn', { s: left }) : sending ? t('auth.sms.sending') : t('auth.sms.send')}
    </button>
  );
}
