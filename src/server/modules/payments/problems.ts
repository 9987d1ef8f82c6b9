/**
 * The codes of the payments domain and their English texts. Field texts: the message is "<field>: <text>". The
 * §5 and §8 wordings are the spec's ('Replenishment of balance cannot be below $20', 'Promo code is valid for one
 * month payment at a time'); docs/errors.md lists them, the four locales are in src/features/payments/messages/.
 */
export const paymentProblems = {
  tariffNotOffered: 'tariff {{tariff}} is not offered on this site',
  tariffRepeated: 'tariff {{tariff}} is already in the cart',
  monthsNotOffered: 'must be 1, 3, 6 or 12 months',
  unitsRequired: 'choose what the tariff is bought for',
  unitsNotApplicable: 'this tariff is bought for the whole account: leave it empty',
  unitNotFound: 'not found among yours',
  unitRepeated: 'is listed twice',
  cartEmpty: 'add a tariff or a pack',
  totalTooLarge: 'the total is above {{maximum}}, the most one payment can be: split it into several payments',
  messagesPackTooSmall: 'Distribution pack cannot be below {{minimum}} messages',
  reviewsPackTooSmall: 'Reviews pack cannot be below {{minimum}} reviews',
  aiBalanceTooSmall: 'Replenishment of balance cannot be below $20',
  // §8 promo refusals, in the order they are checked (docs/payments.md "Promo codes").
  promocodeInvalid: 'Invalid promocode',
  promocodeNotFound: 'Promo code not found',
  promocodeOwn: 'You cannot use your own promo code',
  promocodeExpired: 'Promo code has expired',
  promocodeUsersLimit: 'Maximum users count reached for this promo code',
  promocodeUserLimit: 'You have reached your limit for this promo code',
  promocodeNotForTariff: 'Promo code is not available for the tariff',
  promocodeMinimalPayments: 'Promo code needs at least {{minimum}} previous payments',
  promocodeTooManyPayments: 'Promo code is only for accounts with at most {{maximum}} previous payments',
  promocodeOneMonth: 'Promo code is valid for one month payment at a time',
  promocodeWithAutoPay: 'promo code cannot be combined with auto-pay',
  // Checkout and the pay link (docs/payments.md "Checkout", "The pay link").
  termsNotAccepted: 'accept the terms to pay',
  autoPayMonthsDiffer: 'auto-pay renews every tariff for one period: choose the same months for all',
  autoPayWithPacks: 'packs are bought once: pay for them without auto-pay',
  autoPayOneTariff: 'auto-pay on this site renews one tariff: pay for the others separately',
  paymentsNotConfigured: 'Paying online is not available yet; please contact support',
  paymentProviderRefused: 'The payment service refused the payment; please try again later or contact support',
  providerUnavailable: 'The provider did not answer; try again in a minute',
  alreadyPaid: 'This payment is already paid',
  subscriptionNotYetKnown: 'The subscription is not recorded yet: send the event again later',
  // The owner's pay links (docs/payments.md "Pay links").
  payLinkAutoPay: 'a pay link is paid once: auto-pay is the owner\'s own checkout',
  payLinksLimit: 'You have {{maximum}} open pay links; wait until one is paid or expires',
  payLinkExpired: 'This pay link has expired; ask for a new one',
  payLinkNotFound: 'Pay link not found',
  // Subscriptions and the invoice request (docs/subscriptions.md).
  subscriptionNotFound: 'Subscription not found',
  autoPayNeedsCheckout: 'Auto-pay needs a saved payment method: pay once with auto-pay on',
  invoiceNotSent: 'Invoice request failed: the mail could not be sent, try again later',
} as const;
