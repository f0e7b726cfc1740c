/** schema.org QAPage structured data for a question page (what search engines read for Q&A results). */

function isoDate(seconds: unknown): string {
  return new Date(Number(seconds) * 1000).toISOString();
}

function person(u: unknown): Record<string, unknown> {
  const info = (u ?? {}) as { display_name?: string; username?: string };
  return { '@type': 'Person', name: info.display_name || info.username || 'anonymous' };
}

/**
 * Text of a post's HTML for `text`: every run of tags and white space becomes one space (one pass; the same
 * text as replacing tags by spaces and then collapsing white space), at most 5,000 characters.
 */
function plain(html: unknown): string {
  return String(html ?? '').replace(/(?:<[^>]+>|\s)+/g, ' ').trim().slice(0, 5000);
}

/**
 * @param q question info payload
 * @param answers first page of answers (answer payloads)
 * @param url canonical URL of the page
 */
export function qaPageJsonLd(q: Record<string, unknown>, answers: Record<string, unknown>[], url: string): Record<string, unknown> {
  const toAnswer = (a: Record<string, unknown>) => ({
    '@type': 'Answer',
    text: plain(a.html),
    dateCreated: isoDate(a.create_time),
    upvoteCount: a.vote_count,
    url: `${url}/${String(a.id)}`,
    author: person(a.user_info),
  });
  const accepted = answers.find((a) => a.accepted === 2);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: q.title,
      text: plain(q.html),
      answerCount: q.answer_count,
      upvoteCount: q.vote_count,
      dateCreated: isoDate(q.created_at),
      author: person(q.user_info),
      ...(accepted ? { acceptedAnswer: toAnswer(accepted) } : {}),
      suggestedAnswer: answers.filter((a) => a !== accepted).map(toAnswer),
    },
  };
}
