import type { AppContext } from '../../../platform/context.ts';
import { HttpError } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';

type Op = 'getBookingSystemOverview' | 'connectBookingSystem' | 'connectBookingMarketplace' | 'removeBookingSystemAccount' | 'listReachableBookingCompanies' | 'linkBookingCompany' | 'unlinkBookingCompany' | 'syncBookingCompany';

const notYet = async (): Promise<never> => {
  throw new HttpError(502, 'providerUnavailable');
};

/** YCLIENTS and Altegio accounts and companies (docs/business-systems.md). Being built (issue 19). */
export function bookingSystemHandlers(_ctx: AppContext): Handlers<Op> {
  return {
    getBookingSystemOverview: notYet,
    connectBookingSystem: notYet,
    connectBookingMarketplace: notYet,
    removeBookingSystemAccount: notYet,
    listReachableBookingCompanies: notYet,
    linkBookingCompany: notYet,
    unlinkBookingCompany: notYet,
    syncBookingCompany: notYet,
  };
}
