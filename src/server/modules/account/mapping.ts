import type { components } from '../../../api/schema.d.ts';
import { offsetOfZone } from '../../../shared/time-zones.ts';
import type { users } from './schema.ts';

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(u: UserRow, nowMs: number): components['schemas']['CurrentUser'] {
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
    timeZone: u.timeZone,
    timeZoneOffset: offsetOfZone(u.timeZone, nowMs),
    fullName: u.fullName,
  };
}

export { unixSeconds } from '../../platform/db/rows.ts';
