import type { LaunchGame } from '@app/contracts';
import { api } from '../../../lib/api-client';

/** The FB sports vendor's lobby, launched for the logged-in member (the /fbsports page). */
export const launchFbSports = () => api.get<LaunchGame>('/wps/relay/GCS_gameLaunchFB');
