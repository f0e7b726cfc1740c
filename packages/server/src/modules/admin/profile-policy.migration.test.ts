import { describe, expect, it } from 'vitest';
import { siteUsersWithProfileEditing } from '../../migrations/006_admin.js';

describe('migration 006: members may edit their profile', () => {
  it('turns every allow_update flag on where none was ever switched on, keeping the other fields', () => {
    const before = { allow_update_avatar: false, allow_update_bio: false, allow_update_display_name: false, allow_update_location: false, allow_update_username: false, allow_update_website: false, default_avatar: 'gravatar', gravatar_base_url: 'https://g.example/' };
    expect(JSON.parse(siteUsersWithProfileEditing(JSON.stringify(before))!)).toEqual({ ...before, allow_update_avatar: true, allow_update_bio: true, allow_update_display_name: true, allow_update_location: true, allow_update_username: true, allow_update_website: true });
  });

  it('leaves a policy an administrator chose, and unreadable rows, alone', () => {
    expect(siteUsersWithProfileEditing(JSON.stringify({ allow_update_bio: true, allow_update_avatar: false }))).toBeNull();
    expect(siteUsersWithProfileEditing('not json')).toBeNull();
  });
});
