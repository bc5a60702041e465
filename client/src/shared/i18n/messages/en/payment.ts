/** Buying contest attempts, access codes and the pages back from the gateway. Keys start with 'payment.'. */
export const payment = {
  'payment.title': 'Payment',
  'payment.intro':
    'Contest attempts are paid for once per attempt. A parent can pay by wallet, or enter an access code from your school or sponsor.',
  'payment.fetchError': 'Failed to fetch Payment data',
  'payment.loading': 'Loading payment options…',
  'payment.attemptsYouHave': 'Contest attempts you have: {count}',
  'payment.payOnline': 'Pay online',
  'payment.disabled':
    'Online payment is not available right now. If your school or a sponsor gave you an access code, enter it here; otherwise please check again later.',
  'payment.nothingOnSale': 'Nothing is on sale right now. Please check again later.',
  'payment.choosePackage': 'Choose a package',
  'payment.balanceNote':
    'Attempts go into one balance: each one you hold can start the contest that is open to you.',
  'payment.attemptOne': '1 contest attempt',
  'payment.attempts': '{count} contest attempts',
  'payment.phaseAny': 'For any contest phase',
  'payment.phaseOpen': 'For the {phase} contest (open now)',
  'payment.phase': 'For the {phase} contest',
  'payment.notUsable.CONTEST_ENDED':
    'Not on sale to you: the {phase} contest has ended, so these attempts could not be used.',
  'payment.notUsable.ALL_PLAYED': 'Not on sale to you: you have played every attempt of the {phase} contest.',
  'payment.notUsable.HELD_COVER':
    'Not on sale to you: the attempts you hold ({held}) already cover the plays left to you in the {phase} contest ({left}).',
  'payment.notUsable.TOO_MANY':
    'Not on sale to you: it has more attempts than you could still use in the {phase} contest (only {more} more).',
  'payment.noneUsable': 'None of these packages could be used by you now, so there is nothing to pay for.',
  'payment.promo': 'Promo code (optional)',
  'payment.payWith': 'Pay with',
  'payment.toPay': 'To pay: {amount}',
  'payment.leaving': 'Taking you to payment…',
  'payment.getFree': 'Get my attempts',
  'payment.pay': 'Pay {amount}',
  'payment.payOn':
    'You will pay on {gateway} and come back here. Attempts are added as soon as the payment is confirmed.',
  'payment.thePaymentPage': 'the payment page',
  'payment.code.title': 'Have an access code?',
  'payment.code.intro': 'Schools and sponsors give codes like {example}. Each code works once.',
  'payment.code.label': 'Access code',
  'payment.code.use': 'Use code',
  'payment.result.title': 'Payment',
  'payment.result.noOrder': 'This link does not name a payment.',
  'payment.result.goPayment': 'Go to payment',
  'payment.result.checking': 'Checking your payment…',
  'payment.result.goDashboard': 'Go to the dashboard',
  'payment.result.received': 'Payment received',
  'payment.result.addedOne':
    '1 contest attempt added. You now have {total}. A receipt is on its way to your e-mail.',
  'payment.result.added':
    '{count} contest attempts added. You now have {total}. A receipt is on its way to your e-mail.',
  'payment.result.goContest': 'Go to the contest',
  'payment.result.confirmingTitle': 'Confirming payment',
  'payment.result.confirming': 'Confirming your payment',
  'payment.result.gaveUp':
    'The bank has not confirmed this payment yet. It can take a few minutes: we keep checking and add your attempts as soon as it is confirmed. You can leave this page. If money was taken and nothing arrives within a day, contact us with your order number.',
  'payment.result.waitingBank': "Waiting for the bank's confirmation…",
  'payment.result.waitingText':
    "We are waiting for the bank's confirmation. This usually takes a few seconds.",
  'payment.result.failed': 'Payment not completed',
  'payment.result.expired': 'This payment was not confirmed in time, so it was closed.',
  'payment.result.declined': 'The payment did not go through.',
  'payment.result.declinedBecause': 'The payment did not go through: {reason}',
  'payment.result.noAttempts':
    'No attempts were added. If money was taken from your account, it is returned by the bank, or contact us with your order number.',
  'payment.result.unconfirmed':
    'The payment could not be confirmed. No attempts were added. If money was taken, contact us and we will sort it out.',
  'payment.result.tryAgain': 'Try again',
  'payment.result.cancel': 'Cancel this payment',
  'payment.result.cancelConfirm': 'Cancel it? If you already paid, your attempts are still added.',
  'payment.result.cancelYes': 'Yes, cancel it',
  'payment.result.cancelNo': 'Keep waiting',
  'payment.result.cancelled': 'This payment was cancelled. Nothing was charged for it here.',
  'payment.result.refunded': 'This payment was refunded.',
  'payment.facts.order': 'Order number',
  'payment.facts.package': 'Package',
  'payment.facts.amount': 'Amount',
} as const;
