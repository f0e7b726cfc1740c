/**
 * The load / edit / save cycle of every admin settings form (issue "Every form"): loads the current values,
 * checks them with the contract's schema before sending (the server checks with the same one), puts field
 * errors on their fields, keeps what was typed when a save fails, asks before leaving with unsaved changes
 * and says 'Saved' on success. After a save the public site's settings are re-read.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { schemaErrors, serverFieldErrors, translateChecks, type FieldErrors } from '../../../lib/formErrors';
import { SITE_INFO_KEY } from '../../../lib/site';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/useFormSubmit';
import { useLeaveGuard } from '../../../lib/useLeaveGuard';
import { ADMIN_KEY } from '../api';

/** Form values: strings and booleans only (inputs); `toBody` turns them into the request. */
export type FormValues = Record<string, string | boolean>;

export interface SettingsFormOptions<D> {
  /** query key part, e.g. 'general' */
  id: string;
  load: () => Promise<D>;
  save: (body: unknown) => Promise<void>;
  /** the server's data -> form values */
  toForm: (data: D) => FormValues;
  /** form values (and the loaded data, for fields the page does not edit) -> request body */
  toBody: (form: FormValues, data: D) => unknown;
  /** the contract's request schema of the PUT, when there is one */
  schema?: ZodType | null;
  /** server field name -> form field (default: the part before the first '.') */
  rename?: (field: string) => string;
}

export interface SettingsForm {
  ready: boolean;
  form: FormValues;
  set: (field: string, value: string | boolean) => void;
  errors: FieldErrors;
  alert: string | null;
  busy: boolean;
  dirty: boolean;
  /** true from a successful save until the next change */
  saved: boolean;
  submit: () => Promise<void>;
}

const firstPart = (field: string): string => field.split(/[.[]/)[0]!;

/** See the file header; `opts` must be stable per page (its functions are read at call time). */
export function useSettingsForm<D>(opts: SettingsFormOptions<D>): SettingsForm {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: [ADMIN_KEY, 'settings', opts.id], queryFn: opts.load, staleTime: 0, gcTime: 0 });
  const [base, setBase] = useState<FormValues | null>(null);
  const [form, setForm] = useState<FormValues>({});
  const [saved, setSaved] = useState(false);
  const cycle = useFormSubmit(t('admin.form.save_failed'), (err) => {
    const fields = serverFieldErrors(err, opts.rename ?? firstPart);
    if (!fields) return false;
    setServerErrors(fields);
    return true;
  });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (query.data !== undefined && base === null) {
      const values = opts.toForm(query.data);
      setBase(values);
      setForm(values);
    }
  }, [query.data, base, opts]);

  const dirty = useMemo(() => base !== null && JSON.stringify(form) !== JSON.stringify(base), [form, base]);
  useLeaveGuard(dirty, t('admin.form.leave_confirm'));

  const errors = { ...serverErrors, ...cycle.errors };
  return {
    ready: base !== null,
    form,
    errors,
    alert: cycle.alert,
    busy: cycle.busy,
    dirty,
    saved,
    set(field, value) {
      setForm((f) => ({ ...f, [field]: value }));
      setSaved(false);
      cycle.clearError(field);
      setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)));
    },
    async submit() {
      const body = opts.toBody(form, query.data as D);
      const local = opts.schema ? translateChecks(t, schemaErrors(opts.schema, body)) : {};
      const mapped: FieldErrors = {};
      for (const [k, v] of Object.entries(local)) mapped[(opts.rename ?? firstPart)(k)] ??= v;
      setServerErrors({});
      await cycle.submit(mapped, async () => {
        await opts.save(body);
        setBase(form);
        setSaved(true);
        toast(t('admin.form.saved'), 'success');
        void client.invalidateQueries({ queryKey: [SITE_INFO_KEY] });
        void client.invalidateQueries({ queryKey: [ADMIN_KEY, 'dashboard'] });
      });
    },
  };
}
