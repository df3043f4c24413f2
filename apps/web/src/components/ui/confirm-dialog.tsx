import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs both buttons wait and Escape, the backdrop and × do not close it. */
  busy?: boolean;
  testId?: string;
}

const ignoreClose = () => undefined;

/** Asks before something that cannot be undone: the dangerous choice on the right, focus on Cancel. */
export function ConfirmDialog({ title, description, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, testId }: ConfirmDialogProps) {
  return (
    <Modal title={title} description={description} onClose={busy ? ignoreClose : onCancel} size="sm" testId={testId}>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
