import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../components/Link';
import { Avatar } from '../components/Avatar';
import { logout, type CurrentUser } from '../lib/auth';

function avatarUrl(user: CurrentUser): string {
  const a = user.avatar;
  if (typeof a === 'string') return a;
  if (!a) return '';
  return a.type === 'custom' ? a.custom : a.type === 'gravatar' ? a.gravatar : '';
}

/** The logged-in user's menu in the header: profile, settings, admin (admins only), log out. */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user.display_name || user.username;
  const onLogout = async () => {
    await logout({ singleLogout: true });
    void navigate('/', { replace: true });
  };
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" size="sm" className="q-user-toggle d-flex align-items-center gap-2 text-decoration-none p-0" id="q-user-menu">
        <Avatar src={avatarUrl(user)} name={name} size={28} />
        <span className="d-lg-none">{name}</span>
        <span className="visually-hidden">{t('header.user_menu')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{name}</Dropdown.Header>
        <Dropdown.Item as={Link} to={`/users/${encodeURIComponent(user.username)}`}>
          {t('header.profile')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/users/settings">
          {t('header.settings')}
        </Dropdown.Item>
        {user.is_admin ? (
          <Dropdown.Item as={Link} to="/admin">
            {t('header.admin')}
          </Dropdown.Item>
        ) : null}
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void onLogout()}>
          {t('header.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
