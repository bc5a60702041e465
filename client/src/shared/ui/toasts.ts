// react-hot-toast (and its host, AppToaster) load once something may toast: the student pages and the
// back office ask for it with their chunks, anything else on its first message. `/` never needs it.
type ToastModule = typeof import('react-hot-toast');

let wanted = false;
const listeners = new Set<() => void>();

/** Loads react-hot-toast and mounts the toasts' host (from a route loader, or before a toast). */
export function wantToasts(): Promise<ToastModule> {
  if (!wanted) {
    wanted = true;
    // Never inside another component's render (a lazy() factory may call this).
    queueMicrotask(() => {
      for (const listener of listeners) {
        listener();
      }
    });
  }
  return import('react-hot-toast');
}

export function toastsWanted(): boolean {
  return wanted;
}

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An error toast from code in the entry chunk; `id` keeps one toast for repeated errors. */
export function toastError(message: string, options?: { id?: string }): void {
  wantToasts()
    .then(({ toast }) => toast.error(message, options))
    .catch(() => {
      console.error(message);
    });
}
