import { PAYMENT_STATUSES } from '@riyazi/api/contracts';
import { useId, useState } from 'react';
import type { ListUrlState } from '../../../shared/admin-list';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { Card } from '../../../shared/ui/surface';
import { usePaymentOptions } from '../api/use-payment-reports';
import { filtersOf, type PAYMENT_LIST, STATUS_LABELS } from './payment-report-query';

type SelectKey = 'status' | 'gateway' | 'packageId' | 'gradeId' | 'from' | 'to';

function DebouncedField({
  label,
  value,
  onSettled,
  testId,
  ...input
}: {
  label: string;
  value: string;
  onSettled: (value: string) => void;
  testId: string;
  placeholder?: string;
  list?: string;
  maxLength?: number;
}) {
  const [text, setText] = useDebouncedSearch(value, onSettled, 400);
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      data-testid={testId}
      autoComplete="off"
      {...input}
    />
  );
}

const WIDE_SCREEN = '(min-width: 640px)';

/** The payments report filters; on a phone they fold away (eight fields are a screen and a half). */
export function PaymentFilterPanel({ list }: { list: ListUrlState<(typeof PAYMENT_LIST)['fields']> }) {
  const { query, update: onChange, bind } = list;
  const options = usePaymentOptions();
  const citiesId = useId();
  const active = Object.values(filtersOf(query)).filter((value) => value !== '').length;
  const [open, setOpen] = useState(() => active > 0 || window.matchMedia(WIDE_SCREEN).matches);
  const field = (key: SelectKey) => bind(key, `pr-filter-${key}`);

  return (
    <Card>
      <details
        className="pr-filter-panel"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary data-testid="pr-filters-toggle">
          Filters{active > 0 ? <span className="pr-filter-count"> · {active} active</span> : null}
        </summary>
        <div className="pr-filters">
          <TextField label="From" type="date" max={query.to || undefined} {...field('from')} />
          <TextField label="To" type="date" min={query.from || undefined} {...field('to')} />
          <FilterSelect
            label="Status"
            {...field('status')}
            allLabel="Any status"
            options={PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <FilterSelect
            label="Gateway"
            {...field('gateway')}
            allLabel="Any gateway"
            options={options.gateways.map((g) => ({ value: g.id, label: g.label }))}
          />
          <FilterSelect
            label="Package"
            {...field('packageId')}
            allLabel="Any package"
            options={options.packages.map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Grade"
            {...field('gradeId')}
            allLabel="Any grade"
            options={options.grades.map((g) => ({ value: g._id, label: g.title }))}
          />
          <DebouncedField
            label="Promo code"
            value={query.promoCode}
            onSettled={(value) => onChange({ promoCode: value.toUpperCase() })}
            testId="pr-filter-promoCode"
            placeholder="e.g. EID-50"
            maxLength={32}
          />
          <DebouncedField
            label="City"
            value={query.city}
            onSettled={(value) => onChange({ city: value })}
            testId="pr-filter-city"
            list={citiesId}
            maxLength={80}
          />
          <datalist id={citiesId}>
            {options.cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        </div>
        {active > 0 ? (
          <Button
            small
            variant="ghost"
            className="pr-clear"
            onClick={() => list.clear(false)}
            data-testid="pr-clear"
          >
            Clear filters
          </Button>
        ) : null}
      </details>
    </Card>
  );
}
