import { paths } from '../../config/paths';

export interface ComingSoonPage {
  path: string;
  title: string;
  about: string;
}

/** Public pages whose features come in later issues. */
export const PUBLIC_COMING_SOON: ComingSoonPage[] = [
  {
    path: paths.championsBoard,
    title: 'Champions board',
    about: 'The best students of each grade and phase.',
  },
  { path: paths.gallery, title: 'Photo gallery', about: 'Photos from Riyazi events.' },
];

/** Student private pages inside the dashboard layout. */
export const DASHBOARD_COMING_SOON: ComingSoonPage[] = [
  { path: paths.dashboardPayment, title: 'Payment', about: 'Pay for contest attempts or enter a code.' },
];

/** Student private pages outside the dashboard layout. */
export const PAYMENT_RESULT_COMING_SOON: ComingSoonPage[] = [
  {
    path: paths.paymentSuccess,
    title: 'Payment successful',
    about: 'Confirms a payment for contest attempts.',
  },
  {
    path: paths.paymentFailed,
    title: 'Payment failed',
    about: 'Explains a failed payment and how to try again.',
  },
];
