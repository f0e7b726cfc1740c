import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { rememberReturnTarget } from '../../lib/auth';

/**
 * 'Your answer' for an anonymous reader (spec §2): the heading and a link to log in that brings the reader back
 * to the answer form afterwards. Part of the question page's own chunk, so a reader never loads the form's.
 */
export function AnswerLoginPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <section className="mt-4" aria-labelledby="q-answer-heading">
      <h2 id="q-answer-heading" className="h5">
        {t('answer_form.title')}
      </h2>
      <p className="mb-0">
        <Link to="/users/login" onClick={() => rememberReturnTarget(`${here}#q-answer-heading`)}>
          {t('answer_form.login_to_answer')}
        </Link>
      </p>
    </section>
  );
}
