/**
 * The badges, as data: id, group, level (Answer's 1 bronze, 2 silver, 3 gold), icon (a Bootstrap icon name, as
 * Answer's defaults use), whether it is earned once or once per post, and the rule that earns it. Names and
 * descriptions are translations (`badge.<slug>.name|desc` in i18n/<lang>/badges.yaml). Ids never change: awards
 * refer to them.
 */

/** Per-user counters a rule can compare with a threshold (each is one indexed count; see badge.repository.ts). */
export type UserMetric =
  | 'questions'
  | 'answers'
  | 'accepted_answers'
  | 'acceptances_given'
  | 'up_votes_cast'
  | 'down_votes_cast'
  | 'votes_cast'
  | 'comments'
  | 'edits'
  | 'profile_complete'
  | 'consecutive_days';

/** How a badge is earned. */
export type BadgeRule =
  /** Once, when a counter of the member reaches `min`. */
  | { kind: 'user'; metric: UserMetric; min: number }
  /** Once per post, by its author, when the post's score (up minus down votes) reaches `min`. */
  | { kind: 'score'; objectType: 'question' | 'answer'; min: number }
  /** Once per question, by its author, when its view count reaches `min`. */
  | { kind: 'views'; min: number };

export const BadgeLevel = { bronze: 1, silver: 2, gold: 3 } as const;

export interface BadgeDef {
  id: string;
  slug: string;
  /** Group on the badges page: getting_started, community, posting. */
  group: 'getting_started' | 'community' | 'posting';
  level: 1 | 2 | 3;
  icon: string;
  /** true: earned once; false: once per post (the rule's post). */
  single: boolean;
  rule: BadgeRule;
}

const b = (id: string, slug: string, group: BadgeDef['group'], level: BadgeDef['level'], icon: string, rule: BadgeRule): BadgeDef => ({
  id,
  slug,
  group,
  level,
  icon,
  single: rule.kind === 'user',
  rule,
});

/** Every badge, in the order of the badges page. */
export const BADGES: readonly BadgeDef[] = [
  b('1', 'autobiographer', 'getting_started', 1, 'person-badge-fill', { kind: 'user', metric: 'profile_complete', min: 1 }),
  b('2', 'first_question', 'getting_started', 1, 'question-circle-fill', { kind: 'user', metric: 'questions', min: 1 }),
  b('3', 'first_answer', 'getting_started', 1, 'chat-square-text-fill', { kind: 'user', metric: 'answers', min: 1 }),
  b('4', 'first_accepted_answer', 'getting_started', 1, 'check-circle-fill', { kind: 'user', metric: 'accepted_answers', min: 1 }),
  b('5', 'scholar', 'getting_started', 1, 'mortarboard-fill', { kind: 'user', metric: 'acceptances_given', min: 1 }),
  b('6', 'supporter', 'community', 1, 'hand-thumbs-up-fill', { kind: 'user', metric: 'up_votes_cast', min: 1 }),
  b('7', 'critic', 'community', 1, 'hand-thumbs-down-fill', { kind: 'user', metric: 'down_votes_cast', min: 1 }),
  b('8', 'civic_duty', 'community', 2, 'check2-square', { kind: 'user', metric: 'votes_cast', min: 300 }),
  b('9', 'commentator', 'community', 1, 'chat-left-dots-fill', { kind: 'user', metric: 'comments', min: 10 }),
  b('10', 'pundit', 'community', 2, 'megaphone-fill', { kind: 'user', metric: 'comments', min: 100 }),
  b('11', 'editor', 'community', 1, 'pencil-fill', { kind: 'user', metric: 'edits', min: 1 }),
  b('12', 'copy_editor', 'community', 2, 'pencil-square', { kind: 'user', metric: 'edits', min: 80 }),
  b('13', 'enthusiast', 'community', 2, 'calendar-check-fill', { kind: 'user', metric: 'consecutive_days', min: 30 }),
  b('14', 'fanatic', 'community', 3, 'fire', { kind: 'user', metric: 'consecutive_days', min: 100 }),
  b('15', 'guru', 'posting', 2, 'award-fill', { kind: 'user', metric: 'accepted_answers', min: 10 }),
  b('16', 'good_question', 'posting', 1, 'patch-question-fill', { kind: 'score', objectType: 'question', min: 10 }),
  b('17', 'great_question', 'posting', 3, 'patch-question', { kind: 'score', objectType: 'question', min: 100 }),
  b('18', 'nice_answer', 'posting', 1, 'chat-quote-fill', { kind: 'score', objectType: 'answer', min: 10 }),
  b('19', 'good_answer', 'posting', 2, 'chat-heart-fill', { kind: 'score', objectType: 'answer', min: 25 }),
  b('20', 'great_answer', 'posting', 3, 'star-fill', { kind: 'score', objectType: 'answer', min: 100 }),
  b('21', 'popular_question', 'posting', 1, 'eye-fill', { kind: 'views', min: 1000 }),
  b('22', 'notable_question', 'posting', 2, 'binoculars-fill', { kind: 'views', min: 2500 }),
  b('23', 'famous_question', 'posting', 3, 'trophy-fill', { kind: 'views', min: 10000 }),
];

const byId = new Map(BADGES.map((d) => [d.id, d]));

/** The badge of an id, or undefined. */
export function badgeById(id: string): BadgeDef | undefined {
  return byId.get(id);
}

/** Badges earned by a per-user counter. */
export function badgesOfMetric(metric: UserMetric): BadgeDef[] {
  return BADGES.filter((d) => d.rule.kind === 'user' && d.rule.metric === metric);
}

/** Per-post badges of a kind ('score' of an object type, or 'views'). */
export function postBadges(kind: 'score' | 'views', objectType?: 'question' | 'answer'): BadgeDef[] {
  return BADGES.filter((d) => d.rule.kind === kind && (d.rule.kind !== 'score' || d.rule.objectType === objectType));
}
