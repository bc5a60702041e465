import type { ListMove } from '@riyazi/api/contracts';
import { useState } from 'react';
import type { Can } from '../../../shared/admin-list';
import { DeleteRowButton, EditRowButton, MoveButtons } from '../../../shared/admin-list';
import { shortText, textOfHtml } from '../../../shared/format/html-text';
import { Switch } from '../../../shared/ui/field';
import type { FaqEntry } from '../api/faq-api';
import { usePublishEntry } from '../api/use-faq';

interface FaqEntryRowProps {
  entry: FaqEntry;
  first: boolean;
  last: boolean;
  can: Can;
  movePending: boolean;
  onMove: (direction: ListMove) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One question in its group: the start of its answer, published or draft, arrows, edit and delete. */
export function FaqEntryRow({
  entry,
  first,
  last,
  can,
  movePending,
  onMove,
  onEdit,
  onDelete,
}: FaqEntryRowProps) {
  const publish = usePublishEntry();
  // The switch shows the change at once (in the same render as the click); the list catches up when the server has it.
  const [asked, setAsked] = useState<boolean | null>(null);
  const published = asked ?? entry.isPublished;
  const onPublish = (isPublished: boolean) => {
    setAsked(isPublished);
    publish.mutate({ id: entry._id, isPublished }, { onSettled: () => setAsked(null) });
  };
  return (
    <li className="faq-admin-entry" data-testid="faq-entry">
      <div className="faq-admin-entry__text">
        <p className="faq-admin-entry__question" dir="auto">
          {entry.question}
        </p>
        <p className="cell-note" dir="auto">
          {shortText(textOfHtml(entry.answer), 140)}
        </p>
      </div>
      <div className="faq-admin-entry__actions">
        <Switch
          label={published ? 'Published' : 'Draft'}
          aria-label={`${entry.question} is published`}
          checked={published}
          disabled={!can('update') || publish.isPending}
          onCheckedChange={onPublish}
          data-testid="faq-entry-published"
        />
        {can('update') ? (
          <>
            <MoveButtons
              name={entry.question}
              moveKey={entry._id}
              first={first}
              last={last}
              pending={movePending}
              onMove={onMove}
              testId="faq-entry"
            />
            <EditRowButton rowName={entry.question} onClick={onEdit} testId="faq-entry-edit" />
          </>
        ) : null}
        {can('delete') ? (
          <DeleteRowButton
            rowName={entry.question}
            className="danger-action"
            onClick={onDelete}
            testId="faq-entry-delete"
          />
        ) : null}
      </div>
    </li>
  );
}
