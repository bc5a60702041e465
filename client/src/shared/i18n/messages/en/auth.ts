/** Texts of the login, forgot/reset password, verification, inactive account. Keys start with 'auth.'. */
export const auth = {} as const;
