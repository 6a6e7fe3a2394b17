import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { clearValidationNotice } from '@/lib/api/notices';

/** The validation notice goes once the form's last field error is corrected (issue 20 item 5). */
export function useNoticeClearing<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) {
  const count = Object.keys(form.formState.errors).length;
  const had = useRef(false);
  useEffect(() => {
    if (count > 0) had.current = true;
    else if (had.current) {
      had.current = false;
      clearValidationNotice();
    }
  }, [count]);
}
