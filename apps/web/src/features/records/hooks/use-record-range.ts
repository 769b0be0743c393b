import { CASHIER_LIMITS } from '@app/contracts';
import { useState } from 'react';
import { initialRange, type RangeLimits, type RangeValue } from '../../../components/ui/date-range-picker';
import { useBrand } from '../../../lib/brand';
import { todayIn } from '../../../lib/days';

/** How far back and how long a custom range may be (the server refuses anything else). */
const RECORD_LIMITS: RangeLimits = {
  maxDaysBack: CASHIER_LIMITS.recordsMaxDaysBack,
  maxSpanDays: CASHIER_LIMITS.recordsMaxSpanDays,
};

/** The chosen range of a record page, starting at today in the brand's time zone. */
export function useRecordRange() {
  const brand = useBrand();
  const today = todayIn(brand.timezone);
  const [range, setRange] = useState<RangeValue>(() => initialRange(today));
  return { range, setRange, today, limits: RECORD_LIMITS, timeZone: brand.timezone };
}
