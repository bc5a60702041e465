import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { toastsOverLimit } from './toast-limit';

const TOAST_OPTIONS = {
  duration: 4000,
  blank: { duration: 4000 },
  error: { duration: 4000 },
  custom: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Number.POSITIVE_INFINITY },
};

/** The toasts' host, loaded with react-hot-toast once something may toast (see toasts.ts). */
export default function ToasterView() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsOverLimit(toasts)) {
      toast.dismiss(id);
    }
  }, [toasts]);
  return <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
