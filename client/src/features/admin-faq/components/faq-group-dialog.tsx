import { FAQ_LIMITS } from '@riyazi/api/contracts';
import { TitleDialog } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import type { FaqGroup } from '../api/faq-api';
import { useSaveGroup } from '../api/use-faq';

/** Adds a group (group null) or renames one. */
export function FaqGroupDialog({ group, onClose }: { group: FaqGroup | null; onClose: () => void }) {
  const save = useSaveGroup();
  return (
    <TitleDialog
      heading={group === null ? 'Add group' : `Rename ${group.title}`}
      initialTitle={group?.title ?? ''}
      maxLength={FAQ_LIMITS.titleMax}
      placeholder="Payments"
      hint="Shown above its questions on the public FAQ."
      submitLabel={group === null ? 'Add group' : 'Save'}
      pending={save.isPending}
      testId="faq-group"
      onClose={onClose}
      onSave={(title, fail) =>
        title === group?.title
          ? onClose()
          : save.mutate(
              { id: group?._id ?? null, title },
              { onSuccess: onClose, onError: (error) => fail(describeError(error)) },
            )
      }
    />
  );
}
