export { createBrandsModule, type BrandsServices } from './brands.module';
