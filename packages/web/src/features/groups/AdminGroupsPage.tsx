/**
 * /admin/groups (docs/API.md "Groups"): every group with its visibility, way in, members and waiting requests; a
 * form that creates a group or edits the chosen one (the domains of a `domain` group one per line, the directory
 * group of a `directory` group), with the server's field errors under their fields and nothing typed lost on a
 * refusal; deleting a group asks first. Saving a rule group brings its members up to date at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { GROUP_JOIN_POLICIES, GROUP_VISIBILITIES, type AdminGroupInfo } from '@quorum/contract';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { serverFieldErrors, type FieldErrors } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { GROUPS_KEY, groupApi, type GroupForm } from './api';

const EMPTY: GroupForm = { slug_name: '', display_name: '', description: '', visibility: 'public', join_policy: 'open', email_domains: [], directory_group: '' };

/** The error of `field`, also for array fields (`email_domains.0`). */
const errorOf = (errors: FieldErrors, field: string) => errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1] ?? '';

/** The create / edit form. */
function GroupEditor({ editing, onDone }: { editing: AdminGroupInfo | null; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form, setForm] = useState<GroupForm>(editing ? { ...editing } : EMPTY);
  const [domains, setDomains] = useState((editing?.email_domains ?? []).join('\n'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof GroupForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    const body = { ...form, email_domains: domains.split(/[\s,]+/).map((d) => d.trim()).filter(Boolean) };
    try {
      await (editing ? groupApi.update({ ...body, id: editing.id }) : groupApi.create(body));
      await qc.invalidateQueries({ queryKey: [GROUPS_KEY] });
      toast(t('groups.admin.saved'), 'success');
      onDone();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      else toast(t('groups.action_failed'));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof GroupForm, control: ReactElement, hint?: string) => (
    <Form.Group controlId={`q-group-${name}`} className="mb-3">
      <Form.Label>{t(`groups.admin.fields.${name}`)}</Form.Label>
      {control}
      <Form.Control.Feedback type="invalid">{errorOf(errors, name)}</Form.Control.Feedback>
      {hint ? <Form.Text>{hint}</Form.Text> : null}
    </Form.Group>
  );
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate className="card card-body mb-4" data-testid="group-editor">
      <h3 className="h6 mb-3">{editing ? t('groups.admin.edit_title', { name: editing.display_name }) : t('groups.admin.create_title')}</h3>
      <div className="row">
        <div className="col-12 col-md-6">{field('display_name', <Form.Control value={form.display_name} onChange={set('display_name')} maxLength={60} isInvalid={!!errors.display_name} />)}</div>
        <div className="col-12 col-md-6">{field('slug_name', <Form.Control value={form.slug_name} onChange={set('slug_name')} maxLength={35} isInvalid={!!errors.slug_name} />, t('groups.admin.slug_hint'))}</div>
      </div>
      {field('description', <Form.Control as="textarea" rows={2} value={form.description} onChange={set('description')} maxLength={500} isInvalid={!!errors.description} />)}
      <div className="row">
        <div className="col-12 col-md-6">
          {field('visibility', (
            <Form.Select value={form.visibility} onChange={set('visibility')}>
              {GROUP_VISIBILITIES.map((v) => <option key={v} value={v}>{t(`groups.admin.visibility.${v}`)}</option>)}
            </Form.Select>
          ))}
        </div>
        <div className="col-12 col-md-6">
          {field('join_policy', (
            <Form.Select value={form.join_policy} onChange={set('join_policy')}>
              {GROUP_JOIN_POLICIES.map((p) => <option key={p} value={p}>{t(`groups.admin.policy.${p}`)}</option>)}
            </Form.Select>
          ))}
        </div>
      </div>
      {form.join_policy === 'domain'
        ? field('email_domains', <Form.Control as="textarea" rows={3} value={domains} onChange={(e) => setDomains(e.target.value)} isInvalid={errorOf(errors, 'email_domains') !== ''} placeholder="example.com" />, t('groups.admin.domains_hint'))
        : null}
      {form.join_policy === 'directory'
        ? field('directory_group', <Form.Control value={form.directory_group} onChange={set('directory_group')} maxLength={191} isInvalid={!!errors.directory_group} />, t('groups.admin.directory_hint'))
        : null}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>{editing ? t('groups.admin.save') : t('groups.admin.create')}</Button>
        {editing ? <Button variant="outline-secondary" onClick={onDone}>{t('admin.common.cancel')}</Button> : null}
      </div>
    </Form>
  );
}

/** The page. */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  usePageTitle(t('groups.admin.title'));
  const qc = useQueryClient();
  const list = useQuery({ queryKey: [GROUPS_KEY, 'admin'], queryFn: groupApi.adminList });
  const [editing, setEditing] = useState<AdminGroupInfo | null>(null);
  const [deleting, setDeleting] = useState<AdminGroupInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await groupApi.remove(deleting.id);
      await qc.invalidateQueries({ queryKey: [GROUPS_KEY] });
      if (editing?.id === deleting.id) setEditing(null);
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{t('groups.admin.title')}</h2>
      <p className="text-body-secondary">{t('groups.admin.intro')}</p>
      <GroupEditor key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {list.isPending ? <PageSpinner /> : null}
      {list.data && list.data.length === 0 ? <div className="card"><div className="card-body text-body-secondary">{t('groups.admin.none')}</div></div> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="list-group" data-testid="admin-groups">
          {list.data.map((g) => (
            <li key={g.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between" data-group={g.slug_name}>
              <div className="min-w-0">
                <Link to={`/groups/${g.slug_name}`} className="fw-semibold text-break">{g.display_name}</Link>
                <span className="small text-body-secondary ms-2 text-break">{g.slug_name}</span>
                <div className="small text-body-secondary">
                  {t(`groups.admin.visibility.${g.visibility}`)} · {t(`groups.admin.policy.${g.join_policy}`)} · {t('groups.member_count', { count: g.member_count })}
                </div>
                {g.pending_count ? <div className="small text-warning-emphasis">{t('groups.admin.pending', { count: g.pending_count })}</div> : null}
              </div>
              <div className="d-flex gap-2">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing(g)} aria-label={t('groups.admin.edit_title', { name: g.display_name })}>{t('groups.admin.edit')}</Button>
                <Button size="sm" variant="outline-danger" onClick={() => setDeleting(g)}>{t('groups.admin.delete')}</Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        show={deleting !== null}
        title={t('groups.admin.delete_title')}
        message={t('groups.admin.delete_message', { name: deleting?.display_name ?? '', count: deleting?.member_count ?? 0 })}
        confirmLabel={t('groups.admin.delete')}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
