import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '@wag/contract/profiles-rules';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/api-error';
import { t } from '../../../lib/i18n';
import { useUpdateProfileDetails } from '../api/use-update-profile-details';
// The inputs share the look of the app's text fields.
import '../../../components/ui/text-field.css';

/** docs/product.md §4 and §9: after 'Cambios guardados ✔' the modal closes by itself. */
export const EDIT_PROFILE_CLOSE_DELAY_MS = 600;

interface EditProfileModalProps {
  username: string;
  fullName: string | null;
  bio: string | null;
  onClose: () => void;
}

/** Name (at most 80) and bio (at most 300), both trimmed, for the profile's owner. */
export function EditProfileModal({ username, fullName, bio, onClose }: EditProfileModalProps) {
  const nameId = useId();
  const bioId = useId();
  const [name, setName] = useState(fullName ?? '');
  const [about, setAbout] = useState(bio ?? '');
  const update = useUpdateProfileDetails(username);
  const saved = update.isSuccess;

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(onClose, EDIT_PROFILE_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [saved, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || saved) return;
    update.mutate(
      { fullName: name.trim().slice(0, FULL_NAME_MAX_LENGTH), bio: about.trim().slice(0, BIO_MAX_LENGTH) },
      { onError: (error) => console.error(error) },
    );
  };

  return (
    <Modal title={t('editProfile.title')} onClose={onClose} testId="edit-profile-modal">
      <form className="edit-profile" onSubmit={submit}>
        <div className="field">
          <div className="edit-profile__label-row">
            <label className="field__label" htmlFor={nameId}>
              {t('editProfile.fullName')}
            </label>
            <span className="edit-profile__counter" aria-live="polite" data-testid="name-counter">
              {t('editProfile.counter', { count: name.length, max: FULL_NAME_MAX_LENGTH })}
            </span>
          </div>
          <input
            id={nameId}
            className="field__input"
            name="fullName"
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-autofocus
          />
        </div>
        <div className="field">
          <div className="edit-profile__label-row">
            <label className="field__label" htmlFor={bioId}>
              {t('editProfile.bio')}
            </label>
            <span className="edit-profile__counter" aria-live="polite" data-testid="bio-counter">
              {t('editProfile.counter', { count: about.length, max: BIO_MAX_LENGTH })}
            </span>
          </div>
          <textarea
            id={bioId}
            className="field__input edit-profile__bio"
            name="bio"
            rows={5}
            maxLength={BIO_MAX_LENGTH}
            placeholder={t('editProfile.bioPlaceholder')}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
          />
        </div>

        {saved ? (
          <p className="edit-profile__status edit-profile__status--ok" role="status">
            {t('editProfile.saved')}
          </p>
        ) : null}
        {update.isError ? (
          <p className="edit-profile__status edit-profile__status--error" role="alert">
            {errorText(update.error, t('editProfile.failed'))}
          </p>
        ) : null}

        <div className="edit-profile__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('editProfile.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending || saved}>
            {update.isPending ? t('editProfile.saving') : t('editProfile.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
