import { formatPrice } from '@riyazi/api/contracts';

/**
 * 'PKR 1,500' or 'PKR 1,499.50' for an amount in rupees; '—' for none. One label for money on
 * every screen, staff and student alike (the package list's formatPrice, which takes paisa).
 */
export const formatRupees = (amount: number | null) =>
  amount === null ? '—' : formatPrice(Math.round(amount * 100));
