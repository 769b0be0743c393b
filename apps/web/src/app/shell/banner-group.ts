import { bannerGroupFor } from '@app/contracts';

export { bannerGroupFor };

export const isHomePath = (pathname: string) => bannerGroupFor(pathname) === 'w_home';
