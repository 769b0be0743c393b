import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether this brand's sign-up asks the date of birth, and its minimum age. */
export const useSignupProtection = () =>
  useQuery({
    queryKey: ['system', 'protection'],
    queryFn: () => api.get<{ askBirthDate: boolean; minAge: number }>('/wps/system/protection'),
    staleTime: 5 * 60_000,
  });
