/** Texts of the app shell: install, update prompt, offline notice. Keys start with 'app.'. */
export const app = {
  'app.update.ready': 'A new version of Riyazi is ready.',
  'app.update.reload': 'Reload',
  'app.update.later': 'Later',
} as const;
