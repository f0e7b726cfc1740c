/**
 * /admin/privileges (GET/PUT /admin/api/setting/privileges): choose a reputation level (1, 2, 3) or custom
 * (99), where each privilege's threshold can be set (at least 1).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { PrivilegesUpdateReq } from '@quorum/contract';
import { api } from '../../../lib/api';
import { ADMIN_API, ADMIN_KEY } from '../api';
import { SettingsFrame } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

interface Privilege {
  key: string;
  label: string;
  value: number;
}
interface Data {
  selected_level: number;
  options: { level: number; level_desc: string; privileges: Privilege[] }[];
}
const PATH = `${ADMIN_API}/setting/privileges`;
const CUSTOM = 99;

/** The privileges page. */
export default function PrivilegesPage() {
  const opts = useMemo(
    () => ({
      id: 'privileges',
      load: () => api.get<Data>(PATH),
      save: (body: unknown) => api.put<void>(PATH, body),
      toForm: (d: Data): FormValues => {
        const custom = d.options.find((o) => o.level === CUSTOM)?.privileges ?? [];
        return { level: String(d.selected_level), ...Object.fromEntries(custom.map((p) => [p.key, String(p.value)])) };
      },
      toBody: (f: FormValues, d: Data) => {
        const level = Number(f.level);
        const custom = d.options.find((o) => o.level === CUSTOM)?.privileges ?? [];
        return { level, custom_privileges: level === CUSTOM ? custom.map((p) => ({ key: p.key, value: Number(f[p.key]) })) : [] };
      },
      schema: PrivilegesUpdateReq,
      rename: (field: string) => field,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return (
    <SettingsFrame page="privileges" state={state}>
      <PrivilegeFields state={state} />
    </SettingsFrame>
  );
}

function PrivilegeFields({ state }: { state: ReturnType<typeof useSettingsForm> }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: [ADMIN_KEY, 'settings', 'privileges'], queryFn: () => api.get<Data>(PATH), staleTime: 0 });
  if (!data) return null;
  const level = Number(state.form.level);
  const option = data.options.find((o) => o.level === level) ?? data.options[0];
  const customErrors = state.errors.custom_privileges ?? Object.entries(state.errors).find(([k]) => k.startsWith('custom_privileges'))?.[1];
  return (
    <>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-medium">{t('admin.privileges.level')}</legend>
        {data.options.map((o) => (
          <Form.Check key={o.level} type="radio" id={`q-level-${o.level}`} name="level" value={String(o.level)} label={o.level_desc} checked={level === o.level} onChange={() => state.set('level', String(o.level))} />
        ))}
      </fieldset>
      {customErrors && <div className="text-danger small mb-2">{customErrors}</div>}
      <Table size="sm" responsive className="align-middle">
        <thead>
          <tr>
            <th scope="col">{t('admin.privileges.privilege')}</th>
            <th scope="col" className="text-end">{t('admin.privileges.reputation')}</th>
          </tr>
        </thead>
        <tbody>
          {option?.privileges.map((p) => (
            <tr key={p.key}>
              <td>{p.label}</td>
              <td className="text-end q-admin-num-cell">
                {level === CUSTOM ? (
                  <Form.Control size="sm" type="number" min={1} aria-label={p.label} value={String(state.form[p.key] ?? p.value)} onChange={(e) => state.set(p.key, e.target.value)} isInvalid={!!state.errors[p.key]} />
                ) : (
                  p.value
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
