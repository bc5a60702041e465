/** The payment-log fields of a bank-declined JazzCash callback, shared by the payment report tests. */
export const DECLINED_BY_BANK = {
  responseCode: '124',
  responseMessage: 'Declined by bank',
  expectedAmountPaisa: 50_000,
  receivedAmountPaisa: 50_000,
  expectedCurrency: 'PKR',
  receivedCurrency: 'PKR',
  signatureValid: true,
} as const;
