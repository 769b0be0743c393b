import { z } from 'zod';

/** The staff password floor the server enforces too; the client check only saves a round trip. */
export const PASSWORD_MIN = 12;

export const passwordSchema = (t: (key: 'passwordRule', o: { min: number }) => string) =>
  z
    .string()
    .min(PASSWORD_MIN, t('passwordRule', { min: PASSWORD_MIN }))
    .max(128, t('passwordRule', { min: PASSWORD_MIN }));
