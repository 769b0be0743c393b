import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code';

/** The otpauth:// URL as a QR code for the authenticator app. */
export function TotpQr({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <QrCode
      value={url}
      alt={t('security.totp.qrAlt')}
      failedText={t('security.totp.qrFailed')}
      testId="totp-qr"
    />
  );
}
