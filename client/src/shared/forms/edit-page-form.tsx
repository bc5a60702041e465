import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../ui/page';

interface EditPageFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  className: string;
  /** Called on submit; the browser's own submit and checks are left out. */
  onSubmit: () => void;
  /** The id of the heading that names the form. */
  titleId: string;
  title: string;
  testId: string;
  /** The link back to the list above the heading. */
  back: { to: string; label: string };
  children: ReactNode;
}

/** The frame of a record's edit page: the form, a link back to its list, then the page heading. */
export function EditPageForm({
  formRef,
  className,
  onSubmit,
  titleId,
  title,
  testId,
  back,
  children,
}: EditPageFormProps) {
  return (
    <form
      ref={formRef}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Link to={back.to} className="back-link">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div id={titleId}>
        <PageHeading title={title} />
      </div>
      {children}
    </form>
  );
}
