import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isActivated, useCurrentUser } from '../../lib/auth';
import { invalidateTags, setTagFollowed } from './api';

/**
 * Follow / unfollow toggle of one tag; shown to logged-in users only. The new state shows at once and is
 * rolled back when the call fails (the API client shows the error).
 */
export function FollowButton({ tagId, followed, tagName, size = 'sm' }: { tagId: string; followed: boolean; tagName: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const [on, setOn] = useState(followed);
  const [busy, setBusy] = useState(false);
  useEffect(() => setOn(followed), [followed]);
  if (!user) return null;

  const toggle = async () => {
    if (busy) return;
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      await setTagFollowed(tagId, next);
      await invalidateTags(client);
    } catch {
      setOn(!next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      variant={on ? 'primary' : 'outline-primary'}
      title={on ? t('tag_pages.unfollow_title', { tag: tagName }) : undefined}
      disabled={busy || !isActivated(user)}
      onClick={() => void toggle()}
      className="text-nowrap"
    >
      {on ? t('tag_pages.following') : t('tag_pages.follow')}
      <span className="visually-hidden"> {tagName}</span>
    </Button>
  );
}
