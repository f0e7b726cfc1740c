/**
 * The notices of a locked post and of a protected question (modules/lock on the server): the server sends each
 * notice's text in the reader's language with the end date (`lock.notice`, `protected.notice`), so the page
 * renders it on the server for every reader, anonymous ones too, and hydrates without extra strings.
 */
import Alert from 'react-bootstrap/Alert';

/** A lock in force as the question and answer info responses carry it. */
export interface PostLock {
  kind: 'dispute' | 'historical';
  ends_at: number;
  on_question: boolean;
  notice: string;
}

/** The protection of a question as its info response carries it. */
export interface QuestionProtection {
  auto: boolean;
  needs_reputation: number;
  notice: string;
}

/** The lock of a post (`post.lock`), if any. */
export function lockOf(post: object | undefined): PostLock | null {
  return ((post as { lock?: PostLock | null } | undefined)?.lock ?? null) || null;
}

/** The protection of a question (`question.protected`), if any. */
export function protectionOf(question: object | undefined): QuestionProtection | null {
  return ((question as { protected?: QuestionProtection | null } | undefined)?.protected ?? null) || null;
}

/**
 * The notices of `post`: its lock (not repeated on an answer when it is its question's lock) and, for a question,
 * its protection. Renders nothing when neither applies.
 */
export function LockNotice({ post, question = false, className = 'mb-3' }: { post: object | undefined; question?: boolean; className?: string }) {
  const lock = lockOf(post);
  const shownLock = lock && !(lock.on_question && !question) ? lock : null;
  const protection = question ? protectionOf(post) : null;
  if (!shownLock && !protection) return null;
  return (
    <>
      {shownLock ? (
        <Alert variant={shownLock.kind === 'historical' ? 'secondary' : 'warning'} className={`${className} py-2 small`} data-testid="lock-notice" data-kind={shownLock.kind}>
          {shownLock.notice}
        </Alert>
      ) : null}
      {protection ? (
        <Alert variant="info" className={`${className} py-2 small`} data-testid="protected-notice">
          {protection.notice}
        </Alert>
      ) : null}
    </>
  );
}
