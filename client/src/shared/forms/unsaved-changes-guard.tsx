import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ui/dialog';

interface UnsavedChangesGuardProps {
  /** A useDraftForm: its unsaved changes, and whether it was just saved (read when leaving). */
  form: { dirty: boolean; saved: { readonly current: boolean } };
  /** What is lost, e.g. 'Your changes to this question have not been saved.' */
  children: string;
}

/** Asks before the form is left for another page, or the tab closed, with unsaved changes. */
export function UnsavedChangesGuard({ form, children }: UnsavedChangesGuardProps) {
  const { dirty, saved } = form;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  if (blocker.state !== 'blocked') {
    return null;
  }
  return (
    <ConfirmDialog
      title="Leave without saving?"
      confirmLabel="Leave"
      pending={false}
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    >
      <p>{children}</p>
    </ConfirmDialog>
  );
}
