export { isLotteryGame } from './lottery-games';
export { createLotteryModule } from './lottery.module';
