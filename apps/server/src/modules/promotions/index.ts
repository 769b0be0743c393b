export { createPromotionsModule } from './promotions.module';
