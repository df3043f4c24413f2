import type { PersonalInfoResponse } from '@wag/contract/profiles';
import { FULL_NAME_MAX_LENGTH } from '@wag/contract/profiles-rules';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { changeStoredUsername } from '../../../lib/auth-storage';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResendEmailConfirmation } from '../../../lib/email-confirmation';
import { isoDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { usePersonalInfo, useUpdatePersonalInfo, type PersonalInfoPayload } from '../api/use-personal-info';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import './personal-information-page.css';

function toForm(info: PersonalInfoResponse): PersonalInfoPayload {
  return {
    fullName: info.full_name ?? '',
    username: info.username,
    email: info.email,
    phone: info.phone ?? '',
    dob: isoDate(info.birth_date),
  };
}

/** Under the email field: the new address waiting for its link, or the current one not confirmed yet, and the link again. */
function EmailStatus({ pendingEmail, confirmed }: { pendingEmail: string | null; confirmed: boolean }) {
  const resend = useResendEmailConfirmation();
  const toast = useToast();
  if (!pendingEmail && confirmed) return null;
  return (
    <div className="personal-info__email-status" data-testid="email-status">
      <p>{pendingEmail ? t('personalInfo.pendingEmail', { email: pendingEmail }) : t('personalInfo.notConfirmed')}</p>
      <Button
        variant="ghost"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (response) => toast(response.message, 'success'),
            onError: (error) => toast(errorText(error, t('emailConfirm.resendFailed')), 'error'),
          })
        }
      >
        {t('personalInfo.resend')}
      </Button>
    </div>
  );
}

function PersonalInfoForm({ initial, pendingEmail, emailConfirmed }: { initial: PersonalInfoPayload; pendingEmail: string | null; emailConfirmed: boolean }) {
  const toast = useToast();
  const update = useUpdatePersonalInfo();
  const [original, setOriginal] = useState(initial);
  const [form, setForm] = useState(initial);
  const availability = useUsernameAvailability(form.username, original.username);

  const set = (field: keyof PersonalInfoPayload) => (event: { target: { value: string } }) => {
    // Read now: the updater may run after the event has been handled.
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: value }));
  };
  // A new email needs the current password; it becomes the account's once confirmed from the link.
  const emailChanged = form.email.trim() !== original.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (availability.state === 'unavailable') {
      toast(t('personalInfo.unavailableAlert'), 'error');
      return;
    }
    const payload: PersonalInfoPayload = {
      fullName: form.fullName.trim(),
      username: form.username.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      // Sent back as it is: the server accepts the registration date and refuses any other.
      dob: original.dob,
      ...(emailChanged ? { currentPassword: form.currentPassword ?? '' } : {}),
    };
    update.mutate(payload, {
      onSuccess: (response) => {
        const username = response?.username || payload.username;
        const { currentPassword: _sent, ...kept } = payload;
        // A new address waits for its link: the form keeps showing the one in use.
        const saved = { ...kept, username, email: response.pendingEmail ? original.email : kept.email };
        setOriginal(saved);
        setForm(saved);
        toast(response.pendingEmail ? response.message : t('personalInfo.success'), 'success');
        if (username !== original.username) changeStoredUsername(username);
      },
      onError: (error) => {
        console.error(error);
        toast(errorText(error, t('personalInfo.failed')), 'error');
      },
    });
  };

  const usernameError =
    availability.state === 'unavailable'
      ? availability.message || t('personalInfo.taken')
      : availability.state === 'invalid'
        ? t('auth.validation.usernameFormat')
        : null;
  const usernameHint =
    availability.state === 'checking'
      ? t('personalInfo.checking')
      : availability.state === 'available' && availability.checked
        ? t('personalInfo.available')
        : t('personalInfo.usernameHint');

  return (
    <form className="personal-info__form" onSubmit={submit} data-testid="personal-info-form">
      <TextField
        label={t('personalInfo.fullName')}
        name="fullName"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        value={form.fullName}
        onChange={set('fullName')}
      />
      <TextField
        label={t('personalInfo.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        required
        value={form.username}
        onChange={set('username')}
        hint={usernameHint}
        error={usernameError}
        // The submit handler explains an unavailable name itself; the browser must let it run.
        nativeError=""
        showError
      />
      <TextField
        label={t('personalInfo.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={form.email}
        onChange={set('email')}
      />
      {emailChanged ? null : <EmailStatus pendingEmail={pendingEmail} confirmed={emailConfirmed} />}
      {emailChanged ? (
        <TextField
          label={t('personalInfo.currentPassword')}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          revealable
          required
          hint={t('personalInfo.currentPasswordHint')}
          value={form.currentPassword ?? ''}
          onChange={set('currentPassword')}
        />
      ) : null}
      <TextField
        label={t('personalInfo.phone')}
        type="tel"
        name="phone"
        autoComplete="tel"
        hint={t('personalInfo.phoneHint')}
        value={form.phone}
        onChange={set('phone')}
      />
      <TextField
        label={t('personalInfo.dob')}
        type="date"
        name="dob"
        autoComplete="bday"
        readOnly
        hint={t('personalInfo.dobHint')}
        value={form.dob}
      />
      <Button type="submit" size="lg" block disabled={update.isPending} data-testid="personal-info-save">
        {update.isPending ? t('personalInfo.saving') : t('personalInfo.save')}
      </Button>
    </form>
  );
}

/** /settings/account/personal-information (protected). */
export function PersonalInformationPage() {
  useDocumentTitle(t('personalInfo.title'));
  const info = usePersonalInfo();

  let body;
  if (info.isPending) {
    body = (
      <p className="personal-info__status" role="status">
        {t('personalInfo.loading')}
      </p>
    );
  } else if (info.isError) {
    body = (
      <div className="personal-info__status">
        <p role="alert">{t('personalInfo.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void info.refetch()}>
          {t('personalInfo.retry')}
        </Button>
      </div>
    );
  } else {
    body = <PersonalInfoForm initial={toForm(info.data)} pendingEmail={info.data.pending_email} emailConfirmed={info.data.email_confirmed} />;
  }

  return (
    <section className="personal-info" data-testid="personal-info-page">
      <ButtonLink to="/settings/account" variant="ghost" className="personal-info__back">
        <Icon name="chevronLeft" size={20} />
        {t('settings.backToAccount')}
      </ButtonLink>
      <h1 className="personal-info__title">{t('personalInfo.title')}</h1>
      <p className="personal-info__subtitle">{t('personalInfo.subtitle')}</p>
      {body}
    </section>
  );
}
