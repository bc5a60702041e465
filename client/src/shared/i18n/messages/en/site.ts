/** Texts of the site header, footer, home page and static pages. Keys start with 'site.'. */
export const site = {} as const;
