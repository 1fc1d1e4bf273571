/** Payment is arranged by phone (a payment app or a card over the phone): the one method. Free of zod (the forms use it before the schemas load). */
export const PAYMENT_METHODS = ['phone-card'] as const;
export const PAYMENT_METHOD: (typeof PAYMENT_METHODS)[number] = 'phone-card';
