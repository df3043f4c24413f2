import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { profilePath, useSession } from '../../../lib/session';
import { useUploadProfilePicture } from '../api/use-upload-profile-picture';
import { initialCrop, loadImage, renderCropToBlob, type CropState, type Size } from '../crop';
import { CropEditor, FALLBACK_VIEWPORT } from './crop-editor';
import './edit-profile-picture-page.css';

interface Picked {
  image: HTMLImageElement;
  size: Size;
  url: string;
}

/** /edit-profile-picture: none → cropping → saving (docs/product.md §4), then back. */
export function EditProfilePicturePage() {
  useDocumentTitle(t('profilePicture.title'));
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { username } = useSession();
  const { data: me } = useCurrentUser();
  const upload = useUploadProfilePicture();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<CropState>(initialCrop);
  const [encoding, setEncoding] = useState(false);
  const viewport = useRef(FALLBACK_VIEWPORT);
  const onViewport = useCallback((side: number) => {
    viewport.current = side;
  }, []);
  const saving = encoding || upload.isPending;

  // The picked file's address is released when another is picked or the page closes.
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  const goBack = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(profilePath(username), { replace: true });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast(t('profilePicture.notImage'), 'error');
      return;
    }
    try {
      const loaded = await loadImage(file);
      setPicked(loaded);
      setCrop(initialCrop);
    } catch (error) {
      console.error(error);
      toast(t('profilePicture.openFailed'), 'error');
    }
  };

  const save = async () => {
    if (!picked || saving) return;
    setEncoding(true);
    let jpeg: Blob;
    try {
      jpeg = await renderCropToBlob(picked.image, picked.size, viewport.current, crop);
    } catch (error) {
      console.error(error);
      toast(t('profilePicture.failed'), 'error');
      return;
    } finally {
      setEncoding(false);
    }
    upload.mutate(jpeg, {
      onSuccess: () => {
        toast(t('profilePicture.success'), 'success');
        goBack();
      },
      onError: (error) => {
        console.error(error);
        toast(t('profilePicture.failed'), 'error');
      },
    });
  };

  const name = me?.fullName || me?.username || username || '';

  return (
    <section className="picture-page" data-testid="edit-profile-picture-page">
      <header className="picture-page__header">
        <h1 className="picture-page__title">{t('profilePicture.title')}</h1>
        <p className="picture-page__subtitle">{picked ? t('profilePicture.hint') : t('profilePicture.subtitle')}</p>
      </header>

      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        onChange={(event) => void choose(event)}
        data-testid="picture-input"
        tabIndex={-1}
      />

      {picked ? (
        <CropEditor src={picked.url} size={picked.size} crop={crop} onChange={setCrop} onViewport={onViewport} />
      ) : (
        <div className="picture-page__current">
          <Avatar name={name} src={me?.profilePictureUrl} size={180} />
          <span className="picture-page__current-label">{t('profilePicture.current')}</span>
        </div>
      )}

      <div className="picture-page__actions">
        <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={saving}>
          <Icon name="image" size={18} />
          {picked ? t('profilePicture.chooseOther') : t('profilePicture.choose')}
        </Button>
        {picked ? (
          <Button onClick={() => void save()} disabled={saving} data-testid="save-picture">
            {saving ? t('profilePicture.saving') : t('profilePicture.save')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={goBack} disabled={saving}>
          {t('profilePicture.cancel')}
        </Button>
      </div>
    </section>
  );
}
