import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '../api/get-captcha';
import { CAPTCHA_REFRESH_THROTTLE_MS } from '@app/contracts';

interface CaptchaImageProps {
  /** Change it to fetch a new image (an attempt, right or wrong, uses the shown one up). */
  round: number;
}

/** The captcha picture; a click fetches a new one, at most once a second (SPEC section 5). */
export function CaptchaImage({ round }: CaptchaImageProps) {
  const { t } = useTranslation();
  const [clicks, setClicks] = useState(0);
  const last = useRef(0);
  const captcha = useCaptcha(`${round}.${clicks}`);

  const refresh = () => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_REFRESH_THROTTLE_MS) return;
    last.current = now;
    setClicks((n) => n + 1);
  };

  return (
    <button
      type="button"
      className="captcha-image"
      onClick={refresh}
      title={t('auth.captcha.refresh')}
      aria-label={t('auth.captcha.refresh')}
      data-testid="captcha-image"
    >
      {captcha.data ? (
        <img
          src={`data:image/png;base64,${captcha.data}`}
          alt={t('auth.captcha.alt')}
          width={120}
          height={40}
        />
      ) : captcha.isError ? (
        <span className="captcha-failed">{t('auth.captcha.failed')}</span>
      ) : (
        <span className="skeleton captcha-loading" aria-busy="true" />
      )}
    </button>
  );
}
