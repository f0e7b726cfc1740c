/**
 * A member's groups on their profile (GET /personal/groups: those the viewer may see), as links to the group pages;
 * nothing when there are none, so a member without groups costs the page no space. The profile page asks for the
 * same query with the profile and shows when it is in, so the section never moves what is below it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { useMemberGroups } from './api';

/** The section; `username` is the profile's member. Its heading is `user_profile.groups` (ui-people.yaml). */
export function ProfileGroups({ username }: { username: string }) {
  const { t } = useTranslation();
  const { data } = useMemberGroups(username);
  if (!data?.length) return null;
  return (
    <section className="mt-3" aria-labelledby="profile-groups-heading" data-testid="profile-groups">
      <h2 id="profile-groups-heading" className="h6">
        <Link to="/groups" className="link-body-emphasis">{t('user_profile.groups')}</Link>
      </h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {data.map((g) => (
          <li key={g.id}>
            <Link to={`/groups/${g.slug_name}`} className="badge rounded-pill text-bg-light border fw-normal text-decoration-none">{g.display_name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
