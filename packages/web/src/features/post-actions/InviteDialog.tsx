import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { UserBasic } from '../../lib/types';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Invite people to answer: the current invitations (GET /question/invite), a user search
 * (GET /user/info/search?username=), and PUT /question/invite with the chosen user names (it replaces the set).
 */
export function InviteDialog({ show, questionId, onHide }: { show: boolean; questionId: string; onHide: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<UserBasic[] | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<UserBasic[]>([]);
  const [searching, setSearching] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!show) return;
    api
      .get<UserBasic[]>('/answer/api/v1/question/invite', { id: questionId }, { passingError: true })
      .then((list) => setChosen(list ?? []))
      .catch(() => setChosen([]));
  }, [show, questionId]);

  useEffect(() => {
    const name = query.trim();
    if (!name) return setFound([]);
    setSearching(true);
    const timer = window.setTimeout(() => {
      api
        .get<UserBasic[]>('/answer/api/v1/user/info/search', { username: name }, { passingError: true })
        .then((list) => setFound(list ?? []))
        .catch(() => setFound([]))
        .finally(() => setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const add = (u: UserBasic) => setChosen((c) => (c && !c.some((x) => x.username === u.username) ? [...c, u] : c));
  const remove = (name: string) => setChosen((c) => (c ? c.filter((x) => x.username !== name) : c));
  const save = async () => {
    setBusy(true);
    try {
      await api.put('/answer/api/v1/question/invite', { id: questionId, invite_user: (chosen ?? []).map((u) => u.username) });
      toast(t('qa.invite.saved'), 'success');
      onHide();
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={busy ? () => undefined : onHide} centered aria-labelledby="qa-invite-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="qa-invite-title" as="h2" className="h5">
          {t('qa.invite.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('qa.invite.hint')}</p>
        {chosen === null ? <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} /> : null}
        {chosen?.length ? (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label={t('qa.invite.chosen')}>
            {chosen.map((u) => (
              <li key={u.username} className="badge text-bg-secondary d-flex align-items-center gap-1 fw-normal">
                {u.display_name || u.username}
                <CloseButton variant="white" style={{ fontSize: '.6rem' }} aria-label={t('qa.invite.remove', { name: u.username })} onClick={() => remove(u.username)} />
              </li>
            ))}
          </ul>
        ) : null}
        <Form.Group controlId="qa-invite-search">
          <Form.Label>{t('qa.invite.search')}</Form.Label>
          <Form.Control value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" placeholder={t('qa.invite.placeholder')} />
        </Form.Group>
        <div aria-live="polite" className="mt-2">
          {searching ? <Spinner animation="border" size="sm" role="status" aria-label={t('common.loading')} /> : null}
          {!searching && query.trim() && !found.length ? <p className="small text-body-secondary mb-0">{t('qa.invite.none')}</p> : null}
          {found.length ? (
            <ListGroup>
              {found.map((u) => (
                <ListGroup.Item key={u.username} action onClick={() => add(u)} className="d-flex align-items-center gap-2">
                  <Avatar src={u.avatar} name={u.display_name || u.username} size={24} />
                  <span>{u.display_name || u.username}</span>
                  <span className="text-body-secondary small">@{u.username}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          ) : null}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
          {t('qa.cancel')}
        </Button>
        <Button onClick={() => void save()} disabled={busy || chosen === null}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('qa.invite.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
