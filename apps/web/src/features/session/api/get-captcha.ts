import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new captcha image (base64 PNG) bound to this visitor; only the newest one counts. */
const getCaptcha = () => api.get<string>('/wps/captcha');

/** Every `round` is a new image: a captcha is used up by any attempt, right or wrong. */
const captchaQueryOptions = (round: string) =>
  queryOptions({
    queryKey: ['session', 'captcha', round],
    queryFn: getCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useCaptcha = (round: string) => useQuery(captchaQueryOptions(round));
