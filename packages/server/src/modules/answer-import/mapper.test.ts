/** Answer value conversions (mapper.ts): times, ids, revision bodies, activity rows, password hashes. */
import { describe, expect, it } from 'vitest';
import { idOf, mapActivity, revisionContent, seconds, sequenceOf, str, typeOfId } from './mapper.js';
import { isBcryptHash } from './password.js';

describe('Answer values', () => {
  it('reads TIMESTAMP values of every driver as UTC seconds', () => {
    const t = Date.UTC(2024, 2, 3, 10, 0, 0) / 1000;
    expect(seconds('2024-03-03 10:00:00')).toBe(t);
    expect(seconds('2024-03-03 10:00:00.123')).toBe(t);
    expect(seconds('2024-03-03 12:00:00+02:00')).toBe(t);
    expect(seconds(new Date(t * 1000))).toBe(t);
    expect(seconds('0001-01-01 00:00:00')).toBe(0);
    expect(seconds(null)).toBe(0);
  });

  it('keeps 64-bit ids exactly and reads 0 as none', () => {
    expect(str(10010000000000003n)).toBe('10010000000000003');
    expect(idOf(0n)).toBe('');
    expect(idOf('0')).toBe('');
    expect(sequenceOf('question', '10010000000000042')).toBe(42);
    expect(sequenceOf('question', '10020000000000042')).toBe(0);
    expect(typeOfId('10070000000000008')).toBe('comment');
    expect(typeOfId('12')).toBe('user');
  });

  it("turns Answer's revision snapshots (Go field names) into ours", () => {
    const q = JSON.parse(revisionContent('question', JSON.stringify({ Title: 'T', OriginalText: 'body', tags: [{ SlugName: 'go', DisplayName: 'Go' }] })));
    expect(q).toEqual({ title: 'T', content: 'body', tags: [{ slug_name: 'go', display_name: 'Go' }] });
    expect(JSON.parse(revisionContent('answer', JSON.stringify({ original_text: 'a' })))).toEqual({ content: 'a' });
    expect(JSON.parse(revisionContent('answer', 'not json'))).toEqual({ content: 'not json' });
  });

  it('maps activity rows to votes, follows, timeline rows or a reason', () => {
    const same = (id: string) => id;
    const row = { id: 7n, user_id: 3n, trigger_user_id: 0n, object_id: 10010000000000002n, original_object_id: 10010000000000002n, cancelled: 0, rank: 0, has_rank: 0, revision_id: 0n, created_at: '2024-03-05 10:00:00' };
    const vote = mapActivity(row, 'question.vote_up', same, typeOfId);
    expect(vote).toMatchObject({ kind: 'vote', vote: { user_id: '3', object_type: 'question', vote_type: 'up' }, activity: { id: '10100000000000007', activity_type: 'upvote', rank_key: 'question.vote_up' } });
    expect(mapActivity({ ...row, cancelled: 1 }, 'question.vote_up', same, typeOfId)).toMatchObject({ kind: 'activity', activity: { cancelled: 1 } });
    expect(mapActivity(row, 'question.follow', same, typeOfId)).toMatchObject({ kind: 'follow', follow: { object_type: 'question' } });
    expect(mapActivity(row, 'user.follow', same, typeOfId)).toMatchObject({ kind: 'skip' });
    expect(mapActivity(row, 'rank.question.add', same, typeOfId)).toEqual({ kind: 'skip', reason: 'activity "rank.question.add" has no Quorum equivalent' });
  });

  it('recognizes bcrypt hashes and nothing else', () => {
    expect(isBcryptHash('$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy')).toBe(true);
    expect(isBcryptHash('$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBe(false);
    expect(isBcryptHash('')).toBe(false);
  });
});
