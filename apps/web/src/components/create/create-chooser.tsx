import { AppLink } from '../../lib/app-link';
import { t, type MessageKey } from '../../lib/i18n';
import { Icon, type IconName } from '../ui/icon';
import { Modal } from '../ui/modal';
import './create-chooser.css';

interface Choice {
  to: string;
  icon: IconName;
  title: MessageKey;
  hint: MessageKey;
  testId: string;
}

/** Where each kind of content is made: the upload form set for a video or for photos, and the story form. */
export const CREATE_CHOICES: readonly Choice[] = [
  { to: '/upload?type=quicky', icon: 'quickys', title: 'create.quicky', hint: 'create.quickyHint', testId: 'create-quicky' },
  { to: '/upload?type=post', icon: 'image', title: 'create.post', hint: 'create.postHint', testId: 'create-post' },
  { to: '/stories/create', icon: 'storyAdd', title: 'create.story', hint: 'create.storyHint', testId: 'create-story' },
];

/** The sheet (a dialog on wide screens) that asks what to create. */
export function CreateChooser({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={t('create.title')} onClose={onClose} testId="create-chooser" size="sm">
      <ul className="create-chooser">
        {CREATE_CHOICES.map((choice) => (
          <li key={choice.to}>
            <AppLink to={choice.to} className="create-chooser__choice" data-testid={choice.testId} onClick={onClose}>
              <span className={`create-chooser__icon create-chooser__icon--${choice.testId}`}>
                <Icon name={choice.icon} size={22} />
              </span>
              <span className="create-chooser__text">
                <strong>{t(choice.title)}</strong>
                <small>{t(choice.hint)}</small>
              </span>
              <Icon name="chevronRight" size={18} className="create-chooser__chevron" />
            </AppLink>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
