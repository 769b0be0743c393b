export { PointsLedger } from './points-ledger.service';
export { PointsMallRepository } from './points-mall.repository';
export { createPointsModule } from './points.module';
export { PointsRepository } from './points.repository';
