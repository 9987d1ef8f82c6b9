/** The codes of the admin area's problems and their English texts (`{{name}}` is filled from the problem's params). */
export const adminProblems = {
  userNotFound: 'User not found',
  contactNotFound: 'Contact not found',
  notificationNotFound: 'Notification not found',
  paymentNotFound: 'Payment not found',
  companyNotFound: 'Company not found',
  cannotBlockSelf: 'You cannot block your own account',
  cannotBlockStaff: 'Only a superadmin can block or unblock an admin',
  userDeleted: 'The account was deleted by its owner',
  // Field texts: the message is "<field>: <text>".
  noSuchUser: 'user {{id}} does not exist',
  noSuchManager: 'manager {{id}} does not exist',
  noSuchPayDestination: 'pay destination {{id}} does not exist',
  userIdMismatch: 'must equal the user id in the path',
  flowsAlreadyOwned: 'the flows already belong to this user',
  belowMinimalPayments: 'must not be less than minimalUserPayments',
  exceedsPaymentCount: 'must not exceed paymentCount',
  promocodeTaken: '{{code}} already exists',
} as const;
