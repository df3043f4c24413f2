import { t } from '../../lib/i18n';
import { usePostSave } from '../../lib/post-actions';
import { Icon } from '../ui/icon';
import { useToast } from '../ui/toast';
import './post-action.css';

/** Save / Guardado at the end of a post's action row, with a toast either way. */
export function SavePostButton({ post, size }: { post: { id: string; isSaved: boolean }; size: number }) {
  const save = usePostSave(post);
  const toast = useToast();
  return (
    <button
      type="button"
      className={save.isSaved ? 'post-action post-action--end post-action--on' : 'post-action post-action--end'}
      aria-label={save.isSaved ? t('post.unsave') : t('post.save')}
      aria-pressed={save.isSaved}
      onClick={() => {
        const saved = save.toggle();
        if (saved !== null) toast(saved ? t('post.saved') : t('post.unsaved'), 'success');
      }}
    >
      <Icon name="bookmark" size={size} />
    </button>
  );
}
