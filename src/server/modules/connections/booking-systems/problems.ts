/** Problem codes of the booking-systems connection and their English texts (shown under `server.` in the connections messages). */
export const bookingSystemProblems = {
  bookingPartnerNotConfigured: 'Connecting this booking system is not set up on this server (no partner token): ask the operator',
  bookingCredentialsRejected: 'Error adding the account: the booking system did not accept these credentials',
  bookingTokenRejected: "The booking system no longer accepts this account's token: connect the account again",
  bookingAccountNotFound: 'Booking system account not found',
  bookingCompanyNotFound: 'Company not found',
  // §8 "connect-company error".
  bookingCompanyUnreachable: 'Company connection error: this account cannot reach the company',
  companyAlreadyLinked: 'Company connection error: the company is already connected in another cabinet',
  // §8 "marketplace connection error".
  bookingMarketplaceFailed: 'Marketplace connection error: the booking system did not confirm the install',
  bookingMarketplaceUnsigned: 'Marketplace connection error: the install link is not signed by the booking system; open the app from the marketplace again',
  bookingMarketplaceData: 'Marketplace connection error: the install link carries no readable user data; open the app from the marketplace again',
  bookingMarketplaceOtherSalon: 'Marketplace connection error: the install link was issued for another company',
  companyWithoutAccount: 'The company is connected only by its webhooks: connect an account that reaches it to pull its data',
  bookingPullInterrupted: 'The pull was interrupted; start it again',
} as const;
