import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from './surface';

interface TitledCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The heading's id, which labels the card. */
  id: string;
  title: ReactNode;
}

/** A card of a form or page with its heading, the heading labelling it. */
export function TitledCard({ id, title, className, children, ...rest }: TitledCardProps) {
  return (
    <Card className={`stack ${className ?? ''}`.trim()} aria-labelledby={id} {...rest}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </Card>
  );
}
