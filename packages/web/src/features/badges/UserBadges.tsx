/** A member's badges on their profile, most recently earned first; nothing when they have none. */
import { Link } from '../../components/Link';
import { useTranslation } from 'react-i18next';
import { useUserBadges } from './api';
import { BadgeChip } from './BadgeChip';

export function UserBadges({ username }: { username: string }) {
  const { t } = useTranslation();
  const { data } = useUserBadges(username);
  if (!data?.count) return null;
  return (
    <section className="mt-3" aria-labelledby="profile-badges-heading" data-testid="profile-badges">
      <h2 id="profile-badges-heading" className="h6">
        <Link to="/badges" className="link-body-emphasis">{t('badges.profile_heading', { count: data.count })}</Link>
      </h2>
      <div className="d-flex flex-wrap gap-2">
        {data.list.map((b) => (
          <BadgeChip key={b.id} badge={b} count={b.earned_count} />
        ))}
      </div>
    </section>
  );
}
