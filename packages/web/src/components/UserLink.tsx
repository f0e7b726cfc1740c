import { Link } from './Link';

/** Link to a user's profile, showing the display name. */
export function UserLink({ user, className = '' }: { user: { username: string; display_name?: string } | null | undefined; className?: string }) {
  if (!user) return null;
  return (
    <Link to={`/users/${encodeURIComponent(user.username)}`} className={`text-decoration-none q-user-link ${className}`}>
      {user.display_name || user.username}
    </Link>
  );
}
