/**
 * `/groups/:slug`: one group (GET /group): its description, how one joins, the viewer's button (join, ask to join,
 * accept the invitation, withdraw, leave; none for rule groups, whose membership follows their rule), its members
 * (paged, `?page=`), and for those who manage it (group moderators and admins) the waiting requests, the invitations
 * and an invite form (GroupManage.tsx). A group the viewer may not see is the not-found page, as the server answers.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { GroupInfo } from '@quorum/contract';
import { Avatar } from '../../components/Avatar';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager } from '../../components/Pager';
import { UserLink } from '../../components/UserLink';
import { useCurrentUser } from '../../lib/auth';
import { errorMessage } from '../../lib/formErrors';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../errors/NotFoundPage';
import { GROUPS_KEY, groupApi } from './api';
import { MyStateBadge } from './GroupBadges';
import { GroupManage, MemberActions } from './GroupManage';

const PAGE_SIZE = 30;

/** The viewer's join/leave button for `g`. */
function JoinButton({ g, onDone }: { g: GroupInfo; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  if (g.join_policy === 'domain' || g.join_policy === 'directory') return <p className="small text-body-secondary mb-0">{t(`groups.rule_note.${g.join_policy}`)}</p>;
  if (!user) return <Link to="/users/login" className="btn btn-outline-primary btn-sm">{t('groups.login_to_join')}</Link>;
  const run = async (join: boolean) => {
    setBusy(true);
    try {
      if (join) await groupApi.join(g.slug_name);
      else await groupApi.leave(g.slug_name);
      await onDone();
    } catch (err) {
      toast(errorMessage(err, t('groups.action_failed')));
    } finally {
      setBusy(false);
    }
  };
  if (g.my_state === 'active') return <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void run(false)}>{t('groups.leave')}</Button>;
  if (g.my_state === 'requested') return <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void run(false)}>{t('groups.withdraw')}</Button>;
  if (g.my_state === 'invited')
    return (
      <div className="d-flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => void run(true)}>{t('groups.accept')}</Button>
        <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void run(false)}>{t('groups.decline')}</Button>
      </div>
    );
  if (g.join_policy === 'invitation') return <p className="small text-body-secondary mb-0">{t('groups.invitation_only')}</p>;
  return <Button size="sm" disabled={busy} onClick={() => void run(true)}>{g.join_policy === 'request' ? t('groups.ask_to_join') : t('groups.join')}</Button>;
}

/** The page. */
export default function GroupPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const group = useQuery({ queryKey: [GROUPS_KEY, 'group', slug, user?.id ?? ''], queryFn: () => groupApi.get(slug) });
  const members = useQuery({ queryKey: [GROUPS_KEY, 'members', slug, 'active', page, user?.id ?? ''], queryFn: () => groupApi.members(slug, 'active', page, PAGE_SIZE), enabled: Boolean(group.data) });
  usePageTitle(group.data?.display_name ?? t('groups.title'));
  const refresh = () => qc.invalidateQueries({ queryKey: [GROUPS_KEY] });
  if (group.data === null || (group.isError && !group.data)) return <NotFoundPage />;
  if (!group.data) return <PageSpinner />;
  const g = group.data;
  return (
    <div className="container py-3">
      <p className="small mb-2">
        <Link to="/groups">{t('groups.title')}</Link>
      </p>
      <div className="d-flex flex-wrap gap-3 align-items-start justify-content-between mb-3">
        <div className="min-w-0">
          <h1 className="h3 mb-1 text-break">{g.display_name}</h1>
          <p className="small text-body-secondary mb-1 d-flex flex-wrap gap-2 align-items-center">
            <span>{t('groups.member_count', { count: g.member_count })} · {t(`groups.policy.${g.join_policy}`)}</span>
            <Badge bg="secondary" className="fw-normal">{t(`groups.visibility.${g.visibility}`)}</Badge>
            <MyStateBadge state={g.my_state} role={g.my_role} />
          </p>
          {g.description ? <p className="mb-0 text-break">{g.description}</p> : null}
        </div>
        <JoinButton g={g} onDone={refresh} />
      </div>
      {g.can_manage ? <GroupManage group={g} onChange={refresh} /> : null}
      <section aria-labelledby="q-group-members">
        <h2 id="q-group-members" className="h5 border-bottom pb-2">{t('groups.members')}</h2>
        {members.isPending ? <PageSpinner /> : null}
        {members.data && members.data.count === 0 ? <p className="text-body-secondary">{t('groups.no_members')}</p> : null}
        <ul className="list-unstyled row g-2" data-testid="group-members">
          {members.data?.list.map((m) => (
            <li key={m.user.id} className="col-12 col-lg-6 d-flex flex-wrap align-items-center gap-2 min-w-0">
              <Avatar src={m.user.avatar} name={m.user.display_name} size={32} />
              <div className="min-w-0 flex-grow-1">
                <div className="text-truncate"><UserLink user={m.user} /></div>
                {m.role === 'moderator' ? <div className="small text-success">{t('groups.state.moderator')}</div> : null}
              </div>
              {g.can_manage ? <MemberActions group={g} member={m} isAdmin={Boolean(user?.is_admin)} onChange={refresh} /> : null}
            </li>
          ))}
        </ul>
        {members.data && members.data.count > PAGE_SIZE ? <Pager page={page} total={members.data.count} pageSize={PAGE_SIZE} hrefFor={(p) => `/groups/${g.slug_name}?page=${p}`} /> : null}
      </section>
    </div>
  );
}
