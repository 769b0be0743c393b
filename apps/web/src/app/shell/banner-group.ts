import { bannerGroupFor, isHomePath } from '@app/contracts';

export { bannerGroupFor, isHomePath };
