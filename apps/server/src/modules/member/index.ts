export type { Member, MemberDirectory } from './member-directory.service';
export { createMemberModule } from './member.module';
export type { ProfileService } from './profile.service';
export type { RegistrationService } from './registration.service';
export type { SecondFactorService } from './second-factor.service';
