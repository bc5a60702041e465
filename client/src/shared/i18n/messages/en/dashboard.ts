/** Texts of the student dashboard, quiz lists, phase standing. Keys start with 'dashboard.'. */
export const dashboard = {} as const;
