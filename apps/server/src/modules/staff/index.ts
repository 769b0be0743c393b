export { createStaffModule, type StaffServices } from './staff.module';
export { seedDemoStaff } from './staff.seed';
