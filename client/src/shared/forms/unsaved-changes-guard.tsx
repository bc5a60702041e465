import { createContext, type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ui/dialog';

/** A form as the guard reads it: a useDraftForm's unsaved changes, and whether it was just saved. */
interface GuardedForm {
  dirty: boolean;
  saved: { readonly current: boolean };
}

interface Guarded {
  form: GuardedForm;
  message: string;
}

type Guards = Map<string, Guarded>;

const GuardsContext = createContext<{ current: Guards } | null>(null);

/** The saved ref is read at the moment of leaving: a form saved just before navigating does not ask. */
const unsavedOf = (guards: Guards) =>
  [...guards.values()].filter(({ form }) => form.dirty && !form.saved.current);

/**
 * One blocker for the pages inside it (a router honours only one): it asks before a page with unsaved
 * changes in any of its forms is left for another page, or the tab closed.
 */
export function UnsavedChangesBoundary({ children }: { children: ReactNode }) {
  const guards = useRef<Guards>(new Map());
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && unsavedOf(guards.current).length > 0,
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsavedOf(guards.current).length > 0) {
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return (
    <GuardsContext.Provider value={guards}>
      {children}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave"
          pending={false}
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.reset()}
        >
          {unsavedOf(guards.current).map(({ message }) => (
            <p key={message}>{message}</p>
          ))}
        </ConfirmDialog>
      ) : null}
    </GuardsContext.Provider>
  );
}

interface UnsavedChangesGuardProps {
  /** A useDraftForm (or useSettingsForm): its unsaved changes, and whether it was just saved. */
  form: GuardedForm;
  /** What is lost, e.g. 'Your changes to this question have not been saved.' */
  children: string;
}

/** Asks before the form is left with unsaved changes (inside an UnsavedChangesBoundary). */
export function UnsavedChangesGuard({ form, children }: UnsavedChangesGuardProps) {
  const guards = useContext(GuardsContext);
  const id = useId();
  const { dirty, saved } = form;
  // After every render: the dirty flag is current when the admin clicks away.
  useEffect(() => {
    guards?.current.set(id, { form: { dirty, saved }, message: children });
  });
  useEffect(() => () => void guards?.current.delete(id), [guards, id]);
  if (guards === null) {
    throw new Error('UnsavedChangesGuard needs an UnsavedChangesBoundary around the page');
  }
  return null;
}
