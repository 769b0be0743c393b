import { CS_PATH_TYPE_WINDOW, unscrambleCsPath, type ServiceLink } from '@app/contracts';
import { api } from '../../../lib/api-client';

export const getServiceLink = (csPosition = 'HOME') =>
  api.get<ServiceLink>('/wps/system/customerService', { csPosition });

/** The URL the service window opens: the first path of type 3, unscrambled; null if there is none. */
export function serviceWindowUrl(link: ServiceLink): string | null {
  const entry = link.version.pathList.find((p) => p.type === CS_PATH_TYPE_WINDOW);
  return entry ? unscrambleCsPath(entry.path) : null;
}
