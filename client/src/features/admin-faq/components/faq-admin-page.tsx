import type { ListMove } from '@riyazi/api/contracts';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import {
  DeleteConfirmDialog,
  DeleteRowButton,
  MoveButtons,
  useCan,
  useDeleteConfirm,
  useMoveFocus,
} from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import type { FaqEntry, FaqGroup } from '../api/faq-api';
import { useAdminFaq, useDeleteEntry, useDeleteGroup, useMoveEntry, useMoveGroup } from '../api/use-faq';
import { FaqEntryDialog } from './faq-entry-dialog';
import { FaqEntryRow } from './faq-entry-row';
import { FaqGroupDialog } from './faq-group-dialog';
import '../../../shared/admin-list/admin-list.css';
import './faq-admin.css';

type Editing =
  | { kind: 'group'; group: FaqGroup | null }
  | { kind: 'entry'; entry: FaqEntry | null; groupId: string };

const countLabel = (group: FaqGroup) => {
  const published = group.entries.filter((e) => e.isPublished).length;
  const n = group.entries.length;
  return n === 0 ? 'No questions yet' : `${n} question${n === 1 ? '' : 's'}, ${published} published`;
};

export function FaqAdminPage() {
  const can = useCan('faqManagement');
  const faq = useAdminFaq();
  const [editing, setEditing] = useState<Editing | null>(null);
  const moveGroup = useMoveGroup();
  const moveEntry = useMoveEntry();
  const groupDeletion = useDeleteConfirm<FaqGroup>(useDeleteGroup());
  const entryDeletion = useDeleteConfirm<FaqEntry>(useDeleteEntry());
  const groups = faq.data;
  const moves = useMoveFocus(groups);

  if (can === null) {
    return null;
  }
  const pending = moveGroup.isPending || moveEntry.isPending;
  const onMoveGroup = (group: FaqGroup, direction: ListMove) =>
    moveGroup.mutate(
      { id: group._id, direction },
      { onSuccess: moves.onMoved(group._id, direction, `${group.title} moved ${direction}.`) },
    );
  const onMoveEntry = (entry: FaqEntry, direction: ListMove) =>
    moveEntry.mutate(
      { id: entry._id, direction },
      { onSuccess: moves.onMoved(entry._id, direction, `${entry.question} moved ${direction}.`) },
    );

  return (
    <div className="stack" data-testid="faq-admin">
      <PageHeading title="FAQ">
        Questions and answers for parents and children on the public{' '}
        <a href={paths.faq} target="_blank" rel="noreferrer">
          FAQ page
        </a>
        , in groups. Only published questions are shown there; use the arrows to set the order.
      </PageHeading>
      <div className="list-toolbar list-toolbar--center">
        <p className="muted">
          {groups === undefined ? '' : `${groups.length} group${groups.length === 1 ? '' : 's'}`}
        </p>
        {can('create') ? (
          <Button onClick={() => setEditing({ kind: 'group', group: null })} data-testid="faq-group-add">
            Add group
          </Button>
        ) : null}
      </div>
      <ListStatus
        query={faq}
        loading="Loading the FAQ…"
        error="The FAQ could not be loaded."
        empty="No groups yet. Add a group, then its questions."
        emptyTestId="faq-empty"
      />
      <p className="visually-hidden" aria-live="polite">
        {moves.said}
      </p>
      <div className="stack" ref={moves.listRef}>
        {(groups ?? []).map((group, index) => (
          <Card
            key={group._id}
            className="faq-admin-group stack"
            data-testid="faq-group"
            aria-label={group.title}
          >
            <div className="spread-row faq-admin-group__head">
              <div className="faq-admin-group__title">
                <h2>{group.title}</h2>
                <p className="cell-note">{countLabel(group)}</p>
              </div>
              <div className="faq-admin-group__actions">
                {can('update') ? (
                  <>
                    <MoveButtons
                      name={`group ${group.title}`}
                      moveKey={group._id}
                      first={index === 0}
                      last={index === (groups?.length ?? 0) - 1}
                      pending={pending}
                      onMove={(direction) => onMoveGroup(group, direction)}
                      testId="faq-group"
                    />
                    <Button
                      small
                      variant="secondary"
                      aria-label={`Rename ${group.title}`}
                      onClick={() => setEditing({ kind: 'group', group })}
                      data-testid="faq-group-rename"
                    >
                      Rename
                    </Button>
                  </>
                ) : null}
                {can('delete') ? (
                  <DeleteRowButton
                    rowName={group.title}
                    className="danger-action"
                    onClick={() => groupDeletion.ask(group)}
                    testId="faq-group-delete"
                  />
                ) : null}
              </div>
            </div>
            {group.entries.length > 0 ? (
              <ol className="faq-admin-entries">
                {group.entries.map((entry, i) => (
                  <FaqEntryRow
                    key={entry._id}
                    entry={entry}
                    first={i === 0}
                    last={i === group.entries.length - 1}
                    can={can}
                    movePending={pending}
                    onMove={(direction) => onMoveEntry(entry, direction)}
                    onEdit={() => setEditing({ kind: 'entry', entry, groupId: group._id })}
                    onDelete={() => entryDeletion.ask(entry)}
                  />
                ))}
              </ol>
            ) : null}
            {can('create') ? (
              <div>
                <Button
                  small
                  variant="secondary"
                  aria-label={`Add question to ${group.title}`}
                  onClick={() => setEditing({ kind: 'entry', entry: null, groupId: group._id })}
                  data-testid="faq-entry-add"
                >
                  Add question
                </Button>
              </div>
            ) : null}
          </Card>
        ))}
      </div>

      {editing?.kind === 'group' ? (
        <FaqGroupDialog group={editing.group} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'entry' ? (
        <FaqEntryDialog
          entry={editing.entry}
          groupId={editing.groupId}
          groups={groups ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteConfirmDialog
        state={groupDeletion}
        title="Delete group"
        allowed={(group) => group.entries.length === 0}
      >
        {(group) =>
          group.entries.length === 0 ? (
            <p>
              Delete the group <strong>{group.title}</strong>? This cannot be undone.
            </p>
          ) : (
            <p>
              <strong>{group.title}</strong> still has {group.entries.length} question
              {group.entries.length === 1 ? '' : 's'}. Move them to another group or delete them first.
            </p>
          )
        }
      </DeleteConfirmDialog>
      <DeleteConfirmDialog state={entryDeletion} title="Delete question">
        {(entry) => (
          <p>
            Delete the question <strong>{entry.question}</strong> and its answer? This cannot be undone; to
            hide it for now, switch it to draft instead.
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
