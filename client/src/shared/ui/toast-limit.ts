export const MAX_VISIBLE_TOASTS = 20;

interface ToastLike {
  id: string;
  visible: boolean;
  createdAt: number;
}

/** Ids of the oldest visible toasts beyond the limit, to dismiss. */
export function toastsOverLimit(toasts: readonly ToastLike[], limit: number = MAX_VISIBLE_TOASTS): string[] {
  const visible = toasts.filter((t) => t.visible).sort((a, b) => a.createdAt - b.createdAt);
  return visible.slice(0, Math.max(0, visible.length - limit)).map((t) => t.id);
}
