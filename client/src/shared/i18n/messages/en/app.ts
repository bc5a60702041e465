/** Texts of the app shell: install, update prompt, offline notice. Keys start with 'app.'. */
export const app = {} as const;
