/** Texts of the signup, profile, profile edit, documents. Keys start with 'account.'. */
export const account = {} as const;
