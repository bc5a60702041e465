/** Texts of the payment page and payment results. Keys start with 'payment.'. */
export const payment = {} as const;
