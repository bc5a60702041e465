const rupeeFormat = new Intl.NumberFormat('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Rs 1,500.00' for an amount in rupees (PKR); '—' for none. */
export const formatRupees = (amount: number | null) =>
  amount === null ? '—' : `Rs ${rupeeFormat.format(amount)}`;
