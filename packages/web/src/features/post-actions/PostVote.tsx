import { useQueryClient } from '@tanstack/react-query';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { AcceptButton } from './AcceptButton';
import { patchAnswer, patchQuestion } from './cache';
import { VoteBox } from './VoteBox';

/** The vote column of a post: votes (stored back into the cached post) and, for answers, accept. */
export function PostVote({ question, answer }: { question: QuestionInfo; answer?: AnswerInfo }) {
  const qc = useQueryClient();
  const post = answer ?? question;
  return (
    <div className="d-flex flex-column align-items-center flex-shrink-0">
      <VoteBox
        objectId={post.id}
        kind={answer ? 'answer' : 'question'}
        count={post.vote_count}
        status={post.vote_status}
        onVoted={(r) => {
          const patch = { vote_count: r.votes, vote_status: r.vote_status };
          if (answer) patchAnswer(qc, question.id, answer.id, patch);
          else patchQuestion(qc, question.id, patch);
        }}
      />
      {answer ? <AcceptButton question={question} answer={answer} /> : null}
    </div>
  );
}
