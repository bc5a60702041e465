import { cleanName } from '@riyazi/api/contracts';

/**
 * A name someone typed (a child's, a school's), isolated from the text around it. Hidden characters
 * are dropped as well: <bdi> keeps a direction override from leaking out, not from acting inside.
 */
export function PersonName({ name }: { name: string }) {
  return <bdi className="person-name">{cleanName(name)}</bdi>;
}
