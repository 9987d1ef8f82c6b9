import type { components } from '../../../api/schema.d.ts';
import type { users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(u: UserRow): components['schemas']['CurrentUser'] {
  return {
    id: u.id,
    email: u.email,
    phoneNumber: u.phone,
    chatApiInstanceLimit: u.chatApiInstanceLimit,
    isTestUser: u.isTestUser,
    crms: u.crms,
    language: u.language,
    countryId: u.countryId,
    notSendWeeklyYclientsReports: u.notSendWeeklyYclientsReports,
    notSendWeeklyIikoReports: u.notSendWeeklyIikoReports,
    availableNotificationsCount: u.availableNotificationsCount,
  };
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
